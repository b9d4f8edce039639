/**
 * Every domain list of the calendar, in Nepali and English, defined once and imported everywhere.
 * Indexes are zero-based arrays; the helpers below take the one-based numbers the calendar uses.
 * Nepali spellings follow the published almanacs in ../shared/data (e.g. "औँशी", "तिष्य" for Pushya is an alias).
 */

export type Lang = 'ne' | 'en';
export const LANGS = ['ne', 'en'] as const;

/** A name in both languages; `aliases` are other spellings seen in published almanacs (for matching only). */
export interface Name {
  readonly ne: string;
  readonly en: string;
  readonly aliases?: readonly string[];
}

/** Pick the name in a language. */
export function nameIn(name: Name, lang: Lang): string {
  return name[lang];
}

/** BS solar months, 1 = Baisakh … 12 = Chaitra. */
export const BS_MONTHS: readonly Name[] = [
  { ne: 'बैशाख', en: 'Baisakh', aliases: ['वैशाख'] },
  { ne: 'जेठ', en: 'Jestha', aliases: ['ज्येष्ठ'] },
  { ne: 'असार', en: 'Asar', aliases: ['आषाढ'] },
  { ne: 'साउन', en: 'Shrawan', aliases: ['श्रावण'] },
  { ne: 'भदौ', en: 'Bhadra', aliases: ['भाद्र'] },
  { ne: 'असोज', en: 'Ashwin', aliases: ['आश्विन'] },
  { ne: 'कात्तिक', en: 'Kartik', aliases: ['कार्तिक'] },
  { ne: 'मंसिर', en: 'Mangsir', aliases: ['मङ्सिर', 'मार्ग'] },
  { ne: 'पुस', en: 'Poush', aliases: ['पौष', 'पुष'] },
  { ne: 'माघ', en: 'Magh' },
  { ne: 'फागुन', en: 'Falgun', aliases: ['फाल्गुन'] },
  { ne: 'चैत', en: 'Chaitra', aliases: ['चैत्र'] },
];

/** Gregorian months, 1 = January. */
export const AD_MONTHS: readonly Name[] = [
  { ne: 'जनवरी', en: 'January' },
  { ne: 'फेब्रुअरी', en: 'February' },
  { ne: 'मार्च', en: 'March' },
  { ne: 'अप्रिल', en: 'April' },
  { ne: 'मे', en: 'May' },
  { ne: 'जुन', en: 'June' },
  { ne: 'जुलाई', en: 'July' },
  { ne: 'अगस्ट', en: 'August' },
  { ne: 'सेप्टेम्बर', en: 'September' },
  { ne: 'अक्टोबर', en: 'October' },
  { ne: 'नोभेम्बर', en: 'November' },
  { ne: 'डिसेम्बर', en: 'December' },
];

/** Weekdays, 0 = Sunday … 6 = Saturday (the `baar` of a day record). */
export const WEEKDAYS: readonly Name[] = [
  { ne: 'आइतबार', en: 'Sunday' },
  { ne: 'सोमबार', en: 'Monday' },
  { ne: 'मंगलबार', en: 'Tuesday', aliases: ['मङ्गलबार'] },
  { ne: 'बुधबार', en: 'Wednesday' },
  { ne: 'बिहीबार', en: 'Thursday', aliases: ['बिहिबार'] },
  { ne: 'शुक्रबार', en: 'Friday' },
  { ne: 'शनिबार', en: 'Saturday' },
];

/** Fortnights: index 0 = shukla (waxing, tithis 1–15), 1 = krishna (waning, tithis 16–30). */
export const PAKSHAS: readonly Name[] = [
  { ne: 'शुक्ल पक्ष', en: 'Shukla Paksha' },
  { ne: 'कृष्ण पक्ष', en: 'Krishna Paksha' },
];

/** The words of a printed lunar date ("अधिक जेठ कृष्ण त्रयोदशी"): the leap-month prefix and the fortnights. */
export const LUNAR_DATE_WORDS: Readonly<Record<'adhik' | 'shukla' | 'krishna', Name>> = {
  adhik: { ne: 'अधिक', en: 'Adhik' },
  shukla: { ne: 'शुक्ल', en: 'Shukla' },
  krishna: { ne: 'कृष्ण', en: 'Krishna' },
};

/** Tithi names within a fortnight, 1 = pratipada … 14 = chaturdashi; 15 differs by paksha (see TITHI_END_NAMES). */
export const TITHI_NAMES: readonly Name[] = [
  { ne: 'प्रतिपदा', en: 'Pratipada', aliases: ['प्रथमा', 'परेवा'] },
  { ne: 'द्वितीया', en: 'Dwitiya' },
  { ne: 'तृतीया', en: 'Tritiya' },
  { ne: 'चतुर्थी', en: 'Chaturthi' },
  { ne: 'पञ्चमी', en: 'Panchami', aliases: ['पंचमी'] },
  { ne: 'षष्ठी', en: 'Shashthi' },
  { ne: 'सप्तमी', en: 'Saptami' },
  { ne: 'अष्टमी', en: 'Ashtami' },
  { ne: 'नवमी', en: 'Navami' },
  { ne: 'दशमी', en: 'Dashami' },
  { ne: 'एकादशी', en: 'Ekadashi' },
  { ne: 'द्वादशी', en: 'Dwadashi' },
  { ne: 'त्रयोदशी', en: 'Trayodashi' },
  { ne: 'चतुर्दशी', en: 'Chaturdashi' },
];

/** The fifteenth tithi: purnima (tithi 15, full moon) and aunsi (tithi 30, new moon). */
export const PURNIMA: Name = { ne: 'पूर्णिमा', en: 'Purnima' };
export const AUNSI: Name = { ne: 'औँशी', en: 'Aunsi (Amavasya)', aliases: ['औंसी', 'अमावस्या', 'औंशी'] };

/** A tithi 1–30's number within its paksha, 1–15 (15 for purnima and aunsi). Example: `tithiOfPaksha(19)` → 4. */
export const tithiOfPaksha = (tithiIndex: number): number => ((tithiIndex - 1) % 15) + 1;

/** The name of tithi 1–30 (15 = purnima, 30 = aunsi). Throws RangeError outside 1–30. */
export function tithiName(tithiIndex: number): Name {
  if (!Number.isInteger(tithiIndex) || tithiIndex < 1 || tithiIndex > 30) {
    throw new RangeError(`tithi must be an integer 1–30, got ${tithiIndex}`);
  }
  if (tithiIndex === 15) return PURNIMA;
  if (tithiIndex === 30) return AUNSI;
  return TITHI_NAMES[(tithiIndex - 1) % 15]!;
}

/**
 * Abhijit, the 28th nakshatra of the older lists and of the Saptashalaka chakra (the last pada of Uttara Ashadha
 * and the first fifteenth of Shravana); the Panchanga counts the 27 below.
 */
export const ABHIJIT: Name = { ne: 'अभिजित्', en: 'Abhijit' };

/** The 27 nakshatras, index 0 = Ashwini (each 13°20′ of sidereal longitude). */
export const NAKSHATRAS: readonly Name[] = [
  { ne: 'अश्विनी', en: 'Ashwini' },
  { ne: 'भरणी', en: 'Bharani' },
  { ne: 'कृत्तिका', en: 'Krittika' },
  { ne: 'रोहिणी', en: 'Rohini' },
  { ne: 'मृगशिरा', en: 'Mrigashira' },
  { ne: 'आर्द्रा', en: 'Ardra' },
  { ne: 'पुनर्वसु', en: 'Punarvasu', aliases: ['पुनर्वशु'] },
  { ne: 'पुष्य', en: 'Pushya', aliases: ['तिष्य'] },
  { ne: 'अश्लेषा', en: 'Ashlesha' },
  { ne: 'मघा', en: 'Magha' },
  { ne: 'पूर्वफाल्गुनी', en: 'Purva Phalguni', aliases: ['पूर्वफाल्गुणी'] },
  { ne: 'उत्तरफाल्गुनी', en: 'Uttara Phalguni', aliases: ['उत्तरफाल्गुणी'] },
  { ne: 'हस्त', en: 'Hasta', aliases: ['हस्ता'] },
  { ne: 'चित्रा', en: 'Chitra' },
  { ne: 'स्वाती', en: 'Swati', aliases: ['स्वाति'] },
  { ne: 'विशाखा', en: 'Vishakha' },
  { ne: 'अनुराधा', en: 'Anuradha' },
  { ne: 'ज्येष्ठा', en: 'Jyeshtha' },
  { ne: 'मूल', en: 'Mula' },
  { ne: 'पूर्वाषाढा', en: 'Purva Ashadha' },
  { ne: 'उत्तराषाढा', en: 'Uttara Ashadha' },
  { ne: 'श्रवण', en: 'Shravana' },
  { ne: 'धनिष्ठा', en: 'Dhanishtha' },
  { ne: 'शतभिषा', en: 'Shatabhisha' },
  { ne: 'पूर्वभाद्रपद', en: 'Purva Bhadrapada', aliases: ['पूर्वभाद्र'] },
  { ne: 'उत्तरभाद्रपद', en: 'Uttara Bhadrapada', aliases: ['उत्तरभाद्र'] },
  { ne: 'रेवती', en: 'Revati' },
];

/** The 27 yogas, index 0 = Vishkambha (each 13°20′ of sidereal Sun + Moon). */
export const YOGAS: readonly Name[] = [
  { ne: 'विष्कुम्भ', en: 'Vishkambha', aliases: ['विष्कम्भ'] },
  { ne: 'प्रीति', en: 'Priti' },
  { ne: 'आयुष्मान्', en: 'Ayushman', aliases: ['आयुष्यमान्', 'आयुष्मान'] },
  { ne: 'सौभाग्य', en: 'Saubhagya', aliases: ['साैभाग्य'] },
  { ne: 'शोभन', en: 'Shobhana' },
  { ne: 'अतिगण्ड', en: 'Atiganda' },
  { ne: 'सुकर्मा', en: 'Sukarma' },
  { ne: 'धृति', en: 'Dhriti' },
  { ne: 'शूल', en: 'Shula' },
  { ne: 'गण्ड', en: 'Ganda' },
  { ne: 'वृद्धि', en: 'Vriddhi' },
  { ne: 'ध्रुव', en: 'Dhruva' },
  { ne: 'व्याघात', en: 'Vyaghata' },
  { ne: 'हर्षण', en: 'Harshana' },
  { ne: 'वज्र', en: 'Vajra' },
  { ne: 'सिद्धि', en: 'Siddhi' },
  { ne: 'व्यतिपात', en: 'Vyatipata', aliases: ['व्यतीपात'] },
  { ne: 'वरीयान्', en: 'Variyana', aliases: ['वरीयान'] },
  { ne: 'परिघ', en: 'Parigha' },
  { ne: 'शिव', en: 'Shiva' },
  { ne: 'सिद्ध', en: 'Siddha' },
  { ne: 'साध्य', en: 'Sadhya' },
  { ne: 'शुभ', en: 'Shubha' },
  { ne: 'शुक्ल', en: 'Shukla' },
  { ne: 'ब्रह्म', en: 'Brahma' },
  { ne: 'ऐन्द्र', en: 'Indra', aliases: ['इन्द्र'] },
  { ne: 'वैधृति', en: 'Vaidhriti' },
];

/** The 11 karanas: 7 movable (index 0–6) then 4 fixed (index 7–10). */
export const KARANAS: readonly Name[] = [
  { ne: 'बव', en: 'Bava' },
  { ne: 'बालव', en: 'Balava' },
  { ne: 'कौलव', en: 'Kaulava', aliases: ['काैलव'] },
  { ne: 'तैतिल', en: 'Taitila' },
  { ne: 'गर', en: 'Gara' },
  { ne: 'वणिज', en: 'Vanija' },
  { ne: 'भद्रा', en: 'Vishti (Bhadra)', aliases: ['विष्टि'] },
  { ne: 'शकुनि', en: 'Shakuni' },
  { ne: 'चतुष्पद', en: 'Chatushpada' },
  { ne: 'नाग', en: 'Naga' },
  { ne: 'किंस्तुघ्न', en: 'Kimstughna' },
];

/**
 * The karana of half-tithi 1–60 of the lunar month (1 = first half of shukla pratipada):
 * 1 is Kimstughna, 2–57 cycle the seven movable karanas from Bava, 58–60 are Shakuni, Chatushpada, Naga.
 */
export function karanaName(halfTithi: number): Name {
  if (!Number.isInteger(halfTithi) || halfTithi < 1 || halfTithi > 60) {
    throw new RangeError(`half-tithi must be an integer 1–60, got ${halfTithi}`);
  }
  if (halfTithi === 1) return KARANAS[10]!;
  if (halfTithi >= 58) return KARANAS[halfTithi - 51]!;
  return KARANAS[(halfTithi - 2) % 7]!;
}

/** The 12 sidereal signs (rashi), index 0 = Mesha (0°–30°). */
export const RASHIS: readonly Name[] = [
  { ne: 'मेष', en: 'Mesha (Aries)' },
  { ne: 'वृष', en: 'Vrisha (Taurus)', aliases: ['वृषभ'] },
  { ne: 'मिथुन', en: 'Mithuna (Gemini)' },
  { ne: 'कर्कट', en: 'Karkata (Cancer)', aliases: ['कर्क'] },
  { ne: 'सिंह', en: 'Simha (Leo)' },
  { ne: 'कन्या', en: 'Kanya (Virgo)' },
  { ne: 'तुला', en: 'Tula (Libra)' },
  { ne: 'वृश्चिक', en: 'Vrishchika (Scorpio)' },
  { ne: 'धनु', en: 'Dhanu (Sagittarius)' },
  { ne: 'मकर', en: 'Makara (Capricorn)' },
  { ne: 'कुम्भ', en: 'Kumbha (Aquarius)' },
  { ne: 'मीन', en: 'Meena (Pisces)' },
];

/** Lunar months, 1 = Chaitra … 12 = Phalguna (as in Reingold & Dershowitz's Hindu lunar calendar). */
export const LUNAR_MONTHS: readonly Name[] = [
  { ne: 'चैत्र', en: 'Chaitra' },
  { ne: 'वैशाख', en: 'Vaishakha' },
  { ne: 'ज्येष्ठ', en: 'Jyeshtha' },
  { ne: 'आषाढ', en: 'Ashadha' },
  { ne: 'श्रावण', en: 'Shravana' },
  { ne: 'भाद्र', en: 'Bhadrapada' },
  { ne: 'आश्विन', en: 'Ashwin' },
  { ne: 'कार्तिक', en: 'Kartika' },
  { ne: 'मार्गशीर्ष', en: 'Margashirsha' },
  { ne: 'पौष', en: 'Pausha' },
  { ne: 'माघ', en: 'Magha' },
  { ne: 'फाल्गुन', en: 'Phalguna' },
];

/** The nine grahas, in traditional order. `id` is the stable key used in API records. */
export const GRAHAS = [
  { id: 'sun', ne: 'सूर्य', en: 'Sun' },
  { id: 'moon', ne: 'चन्द्र', en: 'Moon' },
  { id: 'mars', ne: 'मंगल', en: 'Mars' },
  { id: 'mercury', ne: 'बुध', en: 'Mercury' },
  { id: 'jupiter', ne: 'बृहस्पति', en: 'Jupiter' },
  { id: 'venus', ne: 'शुक्र', en: 'Venus' },
  { id: 'saturn', ne: 'शनि', en: 'Saturn' },
  { id: 'rahu', ne: 'राहु', en: 'Rahu' },
  { id: 'ketu', ne: 'केतु', en: 'Ketu' },
] as const satisfies readonly (Name & { id: string })[];
export type GrahaId = (typeof GRAHAS)[number]['id'];

/** Day-division time windows. `id` is the stable key used in API records. */
export const TIME_WINDOWS = [
  { id: 'rahuKaal', ne: 'राहु काल', en: 'Rahu Kaal', aliases: ['राहू काल'], auspicious: false },
  { id: 'yamaganda', ne: 'यमगण्ड', en: 'Yamaganda', auspicious: false },
  { id: 'gulikaKaal', ne: 'गुलिक काल', en: 'Gulika Kaal', auspicious: false },
  {
    id: 'abhijitMuhurta',
    ne: 'अभिजित मुहूर्त',
    en: 'Abhijit Muhurta',
    aliases: ['अभिजीत मुहूर्त'],
    auspicious: true,
  },
  { id: 'durMuhurta', ne: 'दुर्मुहूर्त', en: 'Dur Muhurta', aliases: ['दूर मुहूर्तम्'], auspicious: false },
  { id: 'amritBela', ne: 'अमृत बेला', en: 'Amrit Bela', auspicious: true },
  { id: 'varjyam', ne: 'वर्ज्य काल', en: 'Varjyam', aliases: ['व्रज्याम काल'], auspicious: false },
] as const satisfies readonly (Name & { id: string; auspicious: boolean })[];
export type TimeWindowId = (typeof TIME_WINDOWS)[number]['id'];

/** Half-years of the Sun's motion. */
export const AYANAS: readonly Name[] = [
  { ne: 'उत्तरायण', en: 'Uttarayana' },
  { ne: 'दक्षिणायन', en: 'Dakshinayana' },
];

/** Find the index of a name in a list by its Nepali or English form or any alias; -1 when absent. */
export function indexOfName(list: readonly Name[], text: string): number {
  const t = text.trim().normalize('NFC');
  return list.findIndex(
    (n) => n.ne === t || n.en.toLowerCase() === t.toLowerCase() || (n.aliases ?? []).includes(t),
  );
}

/** Nepal Sambat lunar months, 1 = Kachhalaa (amanta Kartika, the new year) … 12 = Kaulaa (amanta Ashwin). */
export const NEPAL_SAMBAT_MONTHS: readonly Name[] = [
  { ne: 'कछला', en: 'Kachhalaa' },
  { ne: 'थिंला', en: 'Thinlaa' },
  { ne: 'पोहेला', en: 'Pohelaa' },
  { ne: 'सिल्ला', en: 'Sillaa' },
  { ne: 'चिल्ला', en: 'Chillaa' },
  { ne: 'चौला', en: 'Chaulaa' },
  { ne: 'बछला', en: 'Bachhalaa' },
  { ne: 'तछला', en: 'Tachhalaa' },
  { ne: 'दिल्ला', en: 'Dillaa' },
  { ne: 'गुंला', en: 'Gunlaa' },
  { ne: 'ञला', en: 'Yanlaa' },
  { ne: 'कौला', en: 'Kaulaa' },
];

/** Nepal Sambat fortnights: index 0 = thwa (waxing), 1 = gaa (waning). */
export const NEPAL_SAMBAT_PAKSHAS: readonly Name[] = [
  { ne: 'थ्व', en: 'Thwa' },
  { ne: 'गा', en: 'Gaa' },
];

/**
 * Where Shiva dwells on a tithi (Shivavasa), by the remainder of (2 × tithi + 5) ÷ 7, tithi 1–30: index 0 = the
 * cremation ground … 6 = at play. A Rudri is performed while Shiva is at ease (src/almanac/muhurat-engine.ts).
 */
export const SHIVA_VAAS: readonly Name[] = [
  { ne: 'श्मशानमा', en: 'at the cremation ground' },
  { ne: 'कैलासमा', en: 'on Kailash' },
  { ne: 'गौरीसँग', en: 'with Gauri' },
  { ne: 'वृषभमा आरूढ', en: 'riding Nandi' },
  { ne: 'सभामा', en: 'in the assembly' },
  { ne: 'भोजनमा', en: 'at a meal' },
  { ne: 'क्रीडामा', en: 'at play' },
];

/** Where Agni dwells (Agnivasa), by the remainder of (tithi + 1 + weekday, Sunday = 1) ÷ 4, tithi 1–30. */
export const AGNI_VAAS: readonly Name[] = [
  { ne: 'पृथ्वीमा', en: 'on earth' },
  { ne: 'आकाशमा', en: 'in the sky' },
  { ne: 'पातालमा', en: 'in the underworld' },
  { ne: 'पृथ्वीमा', en: 'on earth' },
];

/** Muhurat (auspicious day) categories, by the ids the data files and the API use. */
export const MUHURAT_CATEGORY_NAMES: Readonly<Record<string, Name>> = {
  bibaha: { ne: 'विवाह', en: 'Wedding (bibaha)' },
  bratabandha: { ne: 'व्रतबन्ध', en: 'Sacred thread (bratabandha)' },
  pasni: { ne: 'पास्नी (अन्नप्राशन)', en: 'First rice feeding (pasni)' },
  rudri: { ne: 'रुद्री', en: 'Rudri' },
  homa: { ne: 'होम', en: 'Homa' },
  shop_opening: { ne: 'पसल खोल्ने', en: 'Shop opening' },
  mundan: { ne: 'मुण्डन', en: 'First haircut (mundan)' },
  foundation_laying: { ne: 'जग राख्ने', en: 'Foundation laying' },
  house_moving: { ne: 'घर सर्ने', en: 'House moving' },
};

/**
 * The places and people a regional or community holiday is for (a holiday scope's `where` and `whom` in
 * data/festivals/rules.json, which are English), in both languages; a test keeps every rule's value here.
 */
export const HOLIDAY_SCOPE_WHO: Readonly<Record<string, Name>> = {
  'Kathmandu Valley': { ne: 'काठमाडौं उपत्यका', en: 'Kathmandu Valley' },
  'Sudurpashchim Province': { ne: 'सुदूरपश्चिम प्रदेश', en: 'Sudurpashchim Province' },
  'Hill and mountain districts': { ne: 'पहाडी र हिमाली जिल्ला', en: 'Hill and mountain districts' },
  'Terai districts': { ne: 'तराईका जिल्ला', en: 'Terai districts' },
  Kirat: { ne: 'किराँत', en: 'Kirat' },
  Newar: { ne: 'नेवार', en: 'Newar' },
  Gurung: { ne: 'गुरुङ', en: 'Gurung' },
  Tamang: { ne: 'तामाङ', en: 'Tamang' },
  Sherpa: { ne: 'शेर्पा', en: 'Sherpa' },
  Sikh: { ne: 'सिख', en: 'Sikh' },
  Christian: { ne: 'इसाई', en: 'Christian' },
  'Tharu and Madhesi women': { ne: 'थारू र मधेसी महिला', en: 'Tharu and Madhesi women' },
  'civil servants': { ne: 'निजामती कर्मचारी', en: 'civil servants' },
  'educational institutions': { ne: 'शैक्षिक संस्था', en: 'educational institutions' },
};

/** Holiday scopes of the festival rules (src/contract/festival.ts holidayScopeSchema), as text. */
export const HOLIDAY_SCOPE_NAMES: Readonly<Record<'national' | 'regional' | 'community' | 'women', Name>> = {
  national: { ne: 'सार्वजनिक बिदा', en: 'Public holiday' },
  regional: { ne: 'क्षेत्रीय बिदा', en: 'Regional holiday' },
  community: { ne: 'समुदायगत बिदा', en: 'Community holiday' },
  women: { ne: 'महिलाका लागि बिदा', en: 'Holiday for women' },
};
