/**
 * The muhurat engine: decides, for every day of a BS year, which categories of data/muhurats/rules.json it is
 * auspicious for, from the engine's Panchanga of the day (panchangaOfDay), the grahas at sunrise, the lunar
 * month (src/festivals/lunar.ts) and the eclipses seen from Kathmandu. A day is listed when its day conditions
 * hold (Sun's sign, weekday, asta, Chaturmas, Kharmas, adhik month, Pitri paksha, eclipse, a festival's day, the
 * tithi at sunrise and the Shivavasa and Agnivasa it gives, a pradosha night, the Sun entering a sign within the
 * day) and the window conditions (nakshatra, tithi, yoga, karana, the Moon's company, vedha, the time around a
 * sankranti or a gandanta) hold together for the category's shortest window within its hours; those minutes are
 * its windows, in Nepal time, cut to whole lagnas where the category is held in a lagna. Each day says why
 * (`reasons`, which src/almanac/muhurat-reasons.ts gives in words).
 */
import { BS_MIN_YEAR, bsMonthStartFixed, bsToFixed, daysInBsMonth } from '../calendar/bs.ts';
import {
  AGNI_VAAS,
  karanaName,
  LUNAR_MONTHS,
  NAKSHATRAS,
  SHIVA_VAAS,
  tithiName,
  tithiOfPaksha,
  WEEKDAYS,
  YOGAS,
} from '../calendar/names.ts';
import { isoFromFixed, MINUTES_PER_DAY, nepalClock, nepalIso } from '../calendar/time.ts';
import type { MuhuratDay, MuhuratHours, MuhuratReasons, MuhuratWindow } from '../contract/muhurat.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { elongation, kalamsha } from '../engine/asta.ts';
import type { DayPanchanga, GrahaPosition, Part } from '../engine/day.ts';
import { grahaPositions, planetLatitudeOf } from '../engine/grahas.ts';
import { lagnaStarts, type LagnaStart } from '../engine/lagna.ts';
import { monthStarts } from '../engine/month-start.ts';
import type { AstronomicalModel } from '../engine/model.ts';
import { modern } from '../engine/modern.ts';
import { panchangaOfDay } from '../engine/panchanga.ts';
import { sunrise } from '../engine/sun.ts';
import { lunarDateAt, lunationsBetween, type LunarDate, type Lunation } from '../festivals/lunar.ts';
import { FESTIVAL_RULES_BY_ID, ruleDays } from '../festivals/rules.ts';
import { eclipsesBetween } from './eclipses.ts';
import { signWord } from './muhurat-reasons.ts';
import { MUHURAT_RULES, type CategoryRules, type ResolvedCondition } from './muhurat-rules.ts';
import { nakshatraOf, piercedBy } from './saptashalaka.ts';

/** The widest `daysAround` the rules grammar allows (combust and eclipse), so the year's edges are known. */
const MAX_DAYS_AROUND = 15;
/** Amanta months (1 = Chaitra) bounding Chaturmas: Harishayani is Ashadha shukla 11, Haribodhini Kartika shukla 11. */
const ASHADHA = 4;
const KARTIKA = 8;
const HARI_EKADASHI = 11;
/** Kharmas: the Sun in Dhanu (9) or Meena (12). */
const KHARMAS_SIGNS: ReadonlySet<number> = new Set([9, 12]);
/** The first day of the supported range (BS 1900-01-01), which has no day before it. */
const FIRST_SUPPORTED_DAY = bsToFixed({ year: BS_MIN_YEAR, month: 1, day: 1 });
/** A ghati (nadi), a sixtieth of a day: 24 minutes. */
const GHATI_DAYS = 1 / 60;
/** Gandanta: where a purna tithi (every fifth) or the last nakshatra of a sign-and-nakshatra cycle (Ashlesha, Jyeshtha,
 * Revati) ends and the next begins. */
const PURNA_TITHI_EVERY = 5;
const GANDANTA_NAKSHATRAS: ReadonlySet<number> = new Set([9, 18, 27]);

/** The gandanta moments among a day's parts (see DayContext.gandantas). */
const gandantasOf = (p: DayPanchanga) => [
  ...p.tithis.filter((t) => t.index % PURNA_TITHI_EVERY === 0).map((t) => t.endsAt),
  ...p.nakshatras.filter((n) => GANDANTA_NAKSHATRAS.has(n.index)).map((n) => n.endsAt),
];
/** The fortnight of the ancestors (Pitri paksha): the dark half of the amanta Bhadrapada (tithis 16–30). */
const BHADRAPADA = 6;
const KRISHNA_FIRST_TITHI = 16;

/** What a day needs besides its Panchanga: the lunar date at sunrise, asta by graha, an eclipse nearby. */
export interface DayContext {
  readonly p: DayPanchanga;
  readonly lunar: LunarDate;
  /** Days from this one to the nearest eclipse day (Infinity when none is near). */
  readonly eclipseDistance: number;
  /** The Sun entering a sign (1 = Mesha) within a day of this almanac day: its moment (UT), by Surya Siddhanta as
   * the BS months begin. */
  readonly sankrantis: readonly Sankranti[];
  /** The gandantas of this almanac day and the one before: the moments a purna tithi (5, 10, 15, 20, 25, 30) or
   * Ashlesha, Jyeshtha or Revati ends. */
  readonly gandantas: readonly number[];
  /** The signs beginning to rise at Kathmandu from this day's sunrise to the next, in order (found once, when a
   * category held in a lagna first asks). */
  readonly lagnas: () => readonly LagnaStart[];
  /** Whether a combust condition's graha is set on this day or within its `daysAround`. */
  readonly combust: (condition: Extract<ResolvedCondition, { type: 'combust' }>) => boolean;
  /** The almanac day before's context (made when first asked): a lagna rising across this sunrise began in it. */
  readonly before: () => DayContext | null;
  /** The festival rule ids (of those asked) whose day this is, by the rules (src/festivals/rules.ts). */
  readonly festivalsOf: (ids: readonly string[]) => string[];
}

/** The Sun entering a sign: the moment (UT) and the sign (1 = Mesha). */
export interface Sankranti {
  readonly moment: number;
  readonly sign: number;
}

/** A computed day of one category. */
export interface ComputedDay extends MuhuratDay {
  readonly fixed: number;
  readonly category: string;
}

type Span = readonly [number, number];

/** The spans (moments) of the parts of a limb within [from, to] that pass a test. */
function spansOf(parts: readonly Part[], from: number, to: number, ok: (index: number) => boolean): Span[] {
  const spans: Span[] = [];
  let start = from;
  for (const part of parts) {
    const end = Math.min(part.endsAt, to);
    if (end > start && ok(part.index)) spans.push([start, end]);
    start = part.endsAt;
    if (start >= to) break;
  }
  return spans;
}

function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [s1, e1] of a) {
    for (const [s2, e2] of b) {
      const s = Math.max(s1, s2);
      const e = Math.min(e1, e2);
      if (e > s) out.push([s, e]);
    }
  }
  return out;
}

/** Moments this close (days) are one: where one span ends and the next begins. */
const SAME_MOMENT = 1e-9;

/** Touching spans joined (a good nakshatra followed by another is one window). */
function merge(spans: readonly Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [s, e] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + SAME_MOMENT) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The whole lagnas within spans: each span cut to the signs that begin and end rising inside it (one sign or
 * several in a row), and to those that begin within `beginsIn` (a span of hours) when given; a span that holds no
 * such lagna is dropped. */
function wholeLagnas(spans: readonly Span[], lagnas: readonly LagnaStart[], beginsIn: Span | null): Span[] {
  const out: Span[] = [];
  for (const [s, e] of spans) {
    const inside = lagnas.filter(({ moment }) => moment >= s && moment <= e);
    // Each lagna but the last of those inside rises wholly inside: it ends as the next begins.
    let last = inside.length - 1;
    if (beginsIn) while (last > 0 && inside[last - 1]!.moment >= beginsIn[1]) last--;
    let first = 0;
    if (beginsIn) while (first < last && inside[first]!.moment < beginsIn[0]) first++;
    if (last > first) out.push([inside[first]!.moment, inside[last]!.moment]);
  }
  return out;
}

/** The span of one of the rules' hours on a day (sunrise to the next sunrise, the daytime or the forenoon): the part
 * of the day a category's ceremony is held in, or in which its lagna begins. */
function spanOfHours(hours: MuhuratHours, p: DayPanchanga): Span {
  if (hours === 'daytime') return [p.sunrise, p.sunset];
  if (hours === 'forenoon') return [p.sunrise, (p.sunrise + p.sunset) / 2];
  return [p.sunrise, p.nextSunrise];
}

/** Whether a day lies in Chaturmas: from Harishayani (Ashadha shukla 11) to Haribodhini (Kartika shukla 11). */
export function inChaturmas(lunar: LunarDate): boolean {
  const { month, leap, tithi } = lunar;
  if (month === ASHADHA) return !leap && tithi >= HARI_EKADASHI;
  if (month > ASHADHA && month < KARTIKA) return true;
  if (month === KARTIKA) return leap || tithi <= HARI_EKADASHI;
  return false;
}

/** The day's tithi: the one current at sunrise, 1–30. */
const udayaTithi = (p: DayPanchanga) => p.tithis[0]!.index;
/** Where Shiva dwells on the day (Shivavasa): (2 × tithi + 5) mod 7, an index of SHIVA_VAAS. */
const shivaVaasOf = (p: DayPanchanga) => (2 * udayaTithi(p) + 5) % 7;
/** Where Agni dwells on the day (Agnivasa): (tithi + 1 + weekday, Sunday = 1) mod 4, an index of AGNI_VAAS. */
const agniVaasOf = (p: DayPanchanga) => (udayaTithi(p) + 1 + (p.weekday + 1)) % 4;

/** A prahar (yama): a quarter of the night, sunset to the next sunrise. */
const PRAHARS_PER_NIGHT = 4;

/** The Sun's entry into a sign within the almanac day (sunrise to the next sunrise), if there is one. */
const sankrantiInDay = ({ p, sankrantis }: DayContext) =>
  sankrantis.find((s) => s.moment >= p.sunrise && s.moment < p.nextSunrise);

/**
 * The pradosha of a day's night, if it has one: the first tithi of the condition's (in either half) that is current
 * within its prahars of the night after sunset, with the moment it begins (a tithi current at sunset began before).
 */
function pradoshaOf(
  c: Extract<ResolvedCondition, { type: 'pradosha' }>,
  p: DayPanchanga,
): { tithi: number; prahars: number; from: number } | null {
  const prahar = (p.nextSunrise - p.sunset) / PRAHARS_PER_NIGHT;
  let start = -Infinity;
  for (const t of p.tithis) {
    const limit = t.endsAt > p.sunset ? c.limits.find((l) => l.tithi === tithiOfPaksha(t.index)) : undefined;
    if (limit && start < p.sunset + limit.prahars * prahar)
      return { tithi: t.index, prahars: limit.prahars, from: start };
    start = t.endsAt;
  }
  return null;
}

/** Whether a day lies in Pitri paksha, the fortnight of the ancestors (Bhadrapada krishna, not in an adhik month). */
export function inPitriPaksha(lunar: LunarDate): boolean {
  return !lunar.leap && lunar.month === BHADRAPADA && lunar.tithi >= KRISHNA_FIRST_TITHI;
}

/** Whether a day condition holds (true when it passes). */
function dayConditionHolds(c: ResolvedCondition, ctx: DayContext): boolean {
  switch (c.type) {
    case 'sunSign':
      return c.signs.has(ctx.p.sunSign);
    case 'weekday':
      return c.allowed.has(ctx.p.weekday);
    case 'combust':
      return !ctx.combust(c);
    case 'chaturmas':
      return !inChaturmas(ctx.lunar);
    case 'kharmas':
      return !KHARMAS_SIGNS.has(ctx.p.sunSign);
    case 'adhikMasa':
      return !ctx.lunar.leap;
    case 'pitriPaksha':
      return !inPitriPaksha(ctx.lunar);
    case 'eclipse':
      return ctx.eclipseDistance > c.daysAround;
    case 'shivaVaas':
      return c.allowed.has(shivaVaasOf(ctx.p));
    case 'agniVaas':
      return c.allowed.has(agniVaasOf(ctx.p));
    case 'sunriseTithi':
      return !c.excluded.has(udayaTithi(ctx.p));
    case 'pradosha':
      return pradoshaOf(c, ctx.p) === null;
    case 'sankrantiDay':
      return sankrantiInDay(ctx) === undefined;
    case 'festival':
      return ctx.festivalsOf(c.ids).length === 0;
    default:
      return true;
  }
}

/** [from, to] without the `half` days either side of each moment. */
function without(from: number, to: number, moments: readonly number[], half: number): Span[] {
  let spans: Span[] = [[from, to]];
  for (const m of moments) {
    const before: Span[] = spans.map(([s, e]) => [s, Math.min(e, m - half)]);
    const after: Span[] = spans.map(([s, e]) => [Math.max(s, m + half), e]);
    spans = [...before, ...after].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  }
  return spans;
}

/** The spans of the day where a window condition holds; null for a day condition. */
function windowSpans(c: ResolvedCondition, ctx: DayContext, from: number, to: number): Span[] | null {
  const { p } = ctx;
  switch (c.type) {
    case 'nakshatra':
      return spansOf(p.nakshatras, from, to, (i) => c.allowed.has(i));
    case 'tithi':
      return spansOf(p.tithis, from, to, (i) => c.allowed.has(i));
    case 'yoga':
      return spansOf(p.yogas, from, to, (i) => !c.excluded.has(i));
    case 'karana':
      return spansOf(p.karanas, from, to, (i) => !c.excluded.has(karanaName(i).en));
    case 'moonWith': {
      const taken = new Set(p.grahas.filter((g) => c.grahas.includes(g.id)).map(nakshatraOf));
      return spansOf(p.nakshatras, from, to, (i) => !taken.has(i));
    }
    case 'vedha': {
      const pierced = new Set(
        p.grahas.filter((g) => c.grahas.includes(g.id)).flatMap((g) => piercedBy(g, c.except)),
      );
      return spansOf(p.nakshatras, from, to, (i) => !pierced.has(i));
    }
    case 'sankranti':
      return without(
        from,
        to,
        ctx.sankrantis.map((s) => s.moment),
        c.ghatis * GHATI_DAYS,
      );
    case 'gandanta':
      return without(from, to, ctx.gandantas, c.ghatis * GHATI_DAYS);
    default:
      return null;
  }
}

/** Names of the parts of a limb that overlap the windows, in order, once each. */
function partsIn(parts: readonly Part[], from: number, windows: readonly Span[]): number[] {
  const seen: number[] = [];
  let start = from;
  for (const part of parts) {
    if (windows.some(([s, e]) => s < part.endsAt && e > start) && !seen.includes(part.index)) {
      seen.push(part.index);
    }
    start = part.endsAt;
  }
  return seen;
}

/** The signs (1 = Mesha) that begin rising within windows of whole lagnas (which begin and end as one does), in
 * order. */
function lagnasIn(windows: readonly Span[], lagnas: readonly LagnaStart[]): number[] {
  return lagnas
    .filter(({ moment }) => windows.some(([s, e]) => moment >= s && moment < e))
    .map(({ sign }) => sign);
}

/**
 * Why a day was chosen (src/almanac/muhurat-reasons.ts gives it in words): the Sun's sign, the windows' nakshatras
 * and tithis (where the rules ask for them), the lagnas of the windows (`lagnas`, signs, each once), the weekday,
 * where Shiva or Agni dwells, the grahas asked to be risen.
 */
function reasonsOf(
  rules: CategoryRules,
  p: DayPanchanga,
  windows: readonly Span[],
  lagnas: readonly number[],
  earlier: DayPanchanga | null,
): MuhuratReasons {
  const has = (type: ResolvedCondition['type']) => rules.conditions.some((c) => c.type === type);
  // The parts of a limb the windows hold; before sunrise (a lagna rising across it), the day before's.
  const held = (limb: 'nakshatras' | 'tithis') => {
    const before = earlier ? partsIn(earlier[limb], earlier.sunrise, windows) : [];
    return [...new Set([...before, ...partsIn(p[limb], p.sunrise, windows)])];
  };
  const risen = rules.conditions.flatMap((c) => (c.type === 'combust' ? [c.graha] : []));
  return {
    ...(has('sunSign') ? { sun: p.sunSign } : {}),
    ...(has('nakshatra') ? { nakshatras: held('nakshatras') } : {}),
    // The tithis of the windows, or the tithi at sunrise when only the day's tithi decides (Shivavasa, Agnivasa).
    tithis: has('tithi') ? held('tithis') : [udayaTithi(p)],
    // Each sign once: a day from sunrise to sunrise may hold two risings of the same sign.
    ...(lagnas.length ? { lagnas: [...new Set(lagnas)] } : {}),
    ...(has('weekday') ? { weekday: p.weekday } : {}),
    ...(has('shivaVaas') ? { shivaVaas: shivaVaasOf(p) } : {}),
    ...(has('agniVaas') ? { agniVaas: agniVaasOf(p) } : {}),
    ...(risen.length ? { risen } : {}),
  };
}

/** A span as a window in Nepal time, clock times relative to the almanac day. */
function windowOf([start, end]: Span, fixed: number): MuhuratWindow {
  return {
    start: nepalClock(start, fixed),
    end: nepalClock(end, fixed),
    startsAt: nepalIso(start),
    endsAt: nepalIso(end),
  };
}

/** The spans of the rules' hours of a day where every condition holds, before any lagna cuts them. */
function conditionSpans(rules: CategoryRules, ctx: DayContext): Span[] {
  const { p } = ctx;
  if (!rules.conditions.every((c) => dayConditionHolds(c, ctx))) return [];
  let spans: Span[] = [spanOfHours(rules.hours, p)];
  for (const c of rules.conditions) {
    const allowed = windowSpans(c, ctx, p.sunrise, p.nextSunrise);
    if (allowed) spans = intersect(spans, allowed);
    if (spans.length === 0) return [];
  }
  return spans;
}

/** The windows (moments) of a day for a category: empty when it is not auspicious. */
function windowsOf(rules: CategoryRules, ctx: DayContext): Span[] {
  const spans = conditionSpans(rules, ctx);
  if (spans.length === 0) return [];
  return joined(rules, ctx, spans).filter(([s, e]) => (e - s) * MINUTES_PER_DAY >= rules.minWindowMinutes);
}

/** The lagna condition of a category held in a lagna (its windows are whole lagnas), else undefined. */
const lagnaOf = (rules: CategoryRules) =>
  rules.conditions.find((c): c is Extract<ResolvedCondition, { type: 'lagna' }> => c.type === 'lagna');

/** The spans where every window condition holds, joined where they touch, and cut to whole lagnas (beginning within
 * the lagna condition's hours, when it gives them) where the category is held in a lagna. */
function joined(rules: CategoryRules, ctx: DayContext, spans: readonly Span[]): Span[] {
  const lagna = lagnaOf(rules);
  if (!lagna) return merge(spans);
  const merged = merge(spans);
  const { p } = ctx;
  const fromBefore = lagna.atSunrise && merged[0]![0] <= p.sunrise ? continuedFrom(rules, ctx) : null;
  if (fromBefore === null)
    return wholeLagnas(merged, ctx.lagnas(), lagna.beginsIn && spanOfHours(lagna.beginsIn, p));
  // The first window reaches back to where the conditions began the day before: the lagna rising at sunrise (udaya
  // lagna) is this day's first, whole when they held it from its beginning; the lagnas before it are the day before's.
  return wholeLagnas([[fromBefore, merged[0]![1]], ...merged.slice(1)], dayLagnas(ctx), null);
}

/**
 * Where the conditions began that still hold at this day's sunrise, on the day before's Panchanga (its day conditions
 * too), or null when they do not hold up to the sunrise (or there is no day before).
 */
function continuedFrom(rules: CategoryRules, ctx: DayContext): number | null {
  const before = ctx.before();
  const last = before && merge(conditionSpans(rules, before)).at(-1);
  return last && last[1] >= ctx.p.sunrise - SAME_MOMENT ? last[0] : null;
}

/** The signs beginning to rise from the one rising at sunrise (the udaya lagna) to the next sunrise. */
function dayLagnas(ctx: DayContext): readonly LagnaStart[] {
  const { sunrise } = ctx.p;
  const starts = [...(ctx.before()?.lagnas() ?? []), ...ctx.lagnas()];
  const rising = starts.filter(({ moment }) => moment <= sunrise).slice(-1);
  return [...rising, ...starts.filter(({ moment }) => moment > sunrise)];
}

const EN_NAMES = {
  nakshatra: (i: number) => NAKSHATRAS[i - 1]!.en,
  tithi: (i: number) => tithiName(i).en + (i % 15 ? (i <= 15 ? ' (shukla)' : ' (krishna)') : ''),
  yoga: (i: number) => YOGAS[i - 1]!.en,
  karana: (i: number) => karanaName(i).en,
};

/** Why a day condition fails, in English (for the list of known disagreements). */
function dayConditionText(c: ResolvedCondition, ctx: DayContext): string {
  const { p, lunar } = ctx;
  const lunarText = `${lunar.leap ? 'adhik ' : ''}${LUNAR_MONTHS[lunar.month - 1]!.en} ${EN_NAMES.tithi(lunar.tithi)}`;
  switch (c.type) {
    case 'sunSign':
    case 'kharmas':
      return `${c.type}: the Sun in ${signWord(p.sunSign, 'en')}`;
    case 'weekday':
      return `weekday: ${WEEKDAYS[p.weekday]!.en}`;
    case 'combust':
      return `combust: ${c.graha} ${distanceFromSun(c, p.grahas, p.sunrise).toFixed(2)}° ${c.measure === 'kalamsha' ? 'of time ' : ''}from the Sun (orb ${orbOf(c, p.grahas)}°${c.daysAround ? `, ±${c.daysAround} days` : ''})`;
    case 'chaturmas':
    case 'adhikMasa':
    case 'pitriPaksha':
      return `${c.type}: ${lunarText}`;
    case 'shivaVaas':
      return `shivaVaas: Shiva ${SHIVA_VAAS[shivaVaasOf(p)]!.en} (${EN_NAMES.tithi(udayaTithi(p))} at sunrise)`;
    case 'agniVaas':
      return `agniVaas: Agni ${AGNI_VAAS[agniVaasOf(p)]!.en} (${EN_NAMES.tithi(udayaTithi(p))} at sunrise, ${WEEKDAYS[p.weekday]!.en})`;
    case 'sunriseTithi':
      return `sunriseTithi: ${EN_NAMES.tithi(udayaTithi(p))} at sunrise`;
    case 'pradosha': {
      const night = pradoshaOf(c, p)!;
      const from = night.from < p.sunset ? 'current at sunset' : `from ${nepalClock(night.from, p.fixed)}`;
      return `pradosha: ${EN_NAMES.tithi(night.tithi)} ${from}, within ${night.prahars} prahar(s) of the night after sunset (${nepalClock(p.sunset, p.fixed)})`;
    }
    case 'sankrantiDay': {
      const { moment, sign } = sankrantiInDay(ctx)!;
      return `sankrantiDay: the Sun enters ${signWord(sign, 'en')} at ${nepalIso(moment)}, within the day`;
    }
    case 'eclipse':
      return `eclipse: ${ctx.eclipseDistance} day(s) from an eclipse`;
    case 'festival':
      return `festival: the day of ${ctx.festivalsOf(c.ids).join(', ')}`;
    default:
      return c.type;
  }
}

/**
 * Why a day is not auspicious for a category, in English: the first condition that fails, with the day's values
 * (e.g. "combust: jupiter 8.2° from the Sun (orb 11°)"); null when it is auspicious.
 */
export function whyNot(rules: CategoryRules, ctx: DayContext): string | null {
  const { p } = ctx;
  const failing = rules.conditions.find((c) => !dayConditionHolds(c, ctx));
  if (failing) return dayConditionText(failing, ctx);
  let spans: Span[] = [spanOfHours(rules.hours, p)];
  for (const c of rules.conditions) {
    const allowed = windowSpans(c, ctx, p.sunrise, p.nextSunrise);
    if (!allowed) continue;
    const next = intersect(spans, allowed);
    if (next.length === 0 && c.type === 'sankranti') {
      const { moment, sign } = ctx.sankrantis[0]!;
      return `sankranti: the Sun enters ${signWord(sign, 'en')} at ${nepalIso(moment)}, within ${c.ghatis} ghatis of every window (${rules.hours})`;
    }
    if (next.length === 0 && c.type === 'gandanta') {
      const margin = c.ghatis * GHATI_DAYS;
      const at = ctx.gandantas
        .filter((m) => m > p.sunrise - margin && m < p.nextSunrise + margin)
        .map(nepalIso);
      return `gandanta: every window within ${c.ghatis} ghatis of a gandanta (${at.join(', ')}; ${rules.hours})`;
    }
    if (next.length === 0) {
      const limb = c.type === 'moonWith' || c.type === 'vedha' ? 'nakshatra' : c.type;
      const parts = { nakshatra: p.nakshatras, tithi: p.tithis, yoga: p.yogas, karana: p.karanas }[
        limb as keyof typeof EN_NAMES
      ];
      const held = parts ? partsIn(parts, p.sunrise, spans).map(EN_NAMES[limb as keyof typeof EN_NAMES]) : [];
      return `${c.type}: ${held.join(', ')} while the earlier conditions hold (${rules.hours})`;
    }
    spans = next;
  }
  const windows = joined(rules, ctx, spans);
  if (windows.length === 0) {
    const beginsIn = lagnaOf(rules)?.beginsIn;
    return `lagna: no sign rises wholly within ${merge(spans)
      .map(([a, b]) => `${nepalClock(a, p.fixed)}–${nepalClock(b, p.fixed)}`)
      .join(', ')} (${rules.hours})${beginsIn ? `, beginning in the ${beginsIn}` : ''}`;
  }
  const longest = Math.max(...windows.map(([a, b]) => (b - a) * MINUTES_PER_DAY));
  return longest < rules.minWindowMinutes
    ? `window: the conditions hold together for ${Math.round(longest)} min, under ${rules.minWindowMinutes}`
    : null;
}

/** Decide one day for one category: its windows and reasons, or null when it is not auspicious. */
export function decideDay(rules: CategoryRules, ctx: DayContext): ComputedDay | null {
  const { p } = ctx;
  const windows = windowsOf(rules, ctx);
  if (windows.length === 0) return null;
  // The lagnas of the windows (the one rising at sunrise among them, where it counts), named once for both languages.
  const lagna = lagnaOf(rules);
  const lagnas = lagna ? lagnasIn(windows, lagna.atSunrise ? dayLagnas(ctx) : ctx.lagnas()) : [];
  // A window that begins before sunrise holds the day before's parts there.
  const earlier = windows[0]![0] < p.sunrise ? (ctx.before()?.p ?? null) : null;
  return {
    fixed: p.fixed,
    category: rules.category,
    month: p.bs.month,
    day: p.bs.day,
    englishDate: isoFromFixed(p.fixed),
    windows: windows.map((w) => windowOf(w, p.fixed)),
    estimated: true,
    reasons: reasonsOf(rules, p, windows, lagnas, earlier),
  };
}

/** A graha's distance from the Sun in a combust condition's measure, at the sunrise of the grahas' day. */
function distanceFromSun(
  c: Extract<ResolvedCondition, { type: 'combust' }>,
  grahas: readonly GrahaPosition[],
  moment: number,
): number {
  if (c.measure === 'elongation') return elongation(grahas, c.graha);
  return kalamsha(grahas, c.graha, moment, c.latitude ? planetLatitudeOf(c.graha, moment) : 0);
}

/** A combust condition's orb for the graha's motion on a day. */
const orbOf = (c: Extract<ResolvedCondition, { type: 'combust' }>, grahas: readonly GrahaPosition[]) =>
  grahas.find((g) => g.id === c.graha)!.retrograde ? c.retrogradeOrbDeg : c.orbDeg;

/** Contexts a YearFacts keeps: the day's and the day before's (asked again as the next day's day before), one to spare. */
const RECENT_CONTEXTS = 3;

/** The first and last day (fixed) of a BS year. */
function yearDays(year: number): [number, number] {
  return [bsToFixed({ year, month: 1, day: 1 }), bsMonthStartFixed(year, 12) + daysInBsMonth(year, 12) - 1];
}

/** The facts of a BS year every day's context draws on: lunations, eclipses and the grahas at each sunrise. */
export class YearFacts {
  readonly year: number;
  readonly first: number;
  readonly last: number;
  private readonly model: AstronomicalModel;
  private readonly lunations: readonly Lunation[];
  private readonly eclipseDays: readonly number[];
  private readonly sankrantis: readonly Sankranti[];
  private previous: DayPanchanga | null = null;
  /** The last contexts made, by day (oldest first). */
  private readonly recent = new Map<number, DayContext>();
  private readonly grahas = new Map<number, readonly GrahaPosition[]>();
  /** The days of the festival rules asked so far (a festival condition's), by id. */
  private readonly festivalDays = new Map<string, ReadonlySet<number>>();

  constructor(year: number) {
    [this.first, this.last] = yearDays(year);
    this.year = year;
    this.model = tithiModelForYear(year);
    this.lunations = lunationsBetween(this.model, sunrise(this.first) - 1, sunrise(this.last) + 1);
    // The Sun's entries into the year's twelve signs and into Mesha of the next year, which its last days reach.
    this.sankrantis = [...monthStarts(year).months, monthStarts(year + 1).months[0]!].map((m) => ({
      moment: m.sankranti,
      sign: m.month,
    }));
    this.eclipseDays = eclipsesBetween(this.first - MAX_DAYS_AROUND - 1, this.last + MAX_DAYS_AROUND + 1).map(
      (e) => e.fixed,
    );
  }

  /** The grahas at a day's sunrise: from its full Panchanga when known, else computed (days near the year). */
  private grahasOn(fixed: number): readonly GrahaPosition[] {
    let g = this.grahas.get(fixed);
    if (!g) this.grahas.set(fixed, (g = grahaPositions(modern, sunrise(fixed))));
    return g;
  }

  private isSet(c: Extract<ResolvedCondition, { type: 'combust' }>, fixed: number): boolean {
    const grahas = this.grahasOn(fixed);
    return distanceFromSun(c, grahas, sunrise(fixed)) < orbOf(c, grahas);
  }

  /** The festival rule ids among `ids` whose day (by the rules alone) `fixed` is. */
  private festivalsOn(fixed: number, ids: readonly string[]): string[] {
    return ids.filter((id) => {
      let days = this.festivalDays.get(id);
      if (!days)
        this.festivalDays.set(id, (days = new Set(ruleDays(FESTIVAL_RULES_BY_ID.get(id)!, this.year))));
      return days.has(fixed);
    });
  }

  /** The context of a day from its full Panchanga. */
  context(p: DayPanchanga): DayContext {
    // The day before (kept from the last call when days come in order), for a gandanta just before sunrise and a
    // lagna rising across it; the first day of the supported range has none.
    const before =
      this.previous?.fixed === p.fixed - 1
        ? this.previous
        : p.fixed > FIRST_SUPPORTED_DAY
          ? panchangaOfDay(p.fixed - 1)
          : null;
    this.previous = p;
    return this.remembered(this.contextOf(p, before));
  }

  /** Keeps a context among the last few made (a day's context is asked again as the next day's day before). */
  private remembered(ctx: DayContext): DayContext {
    this.recent.delete(ctx.p.fixed);
    this.recent.set(ctx.p.fixed, ctx);
    if (this.recent.size > RECENT_CONTEXTS) this.recent.delete(this.recent.keys().next().value!);
    return ctx;
  }

  /** The context of day `p`, the day before's Panchanga given (null for the first day of the range). */
  private contextOf(p: DayPanchanga, before: DayPanchanga | null): DayContext {
    this.grahas.set(p.fixed, p.grahas);
    let lagnas: readonly LagnaStart[] | undefined;
    return {
      p,
      lunar: lunarDateAt(this.model, this.lunations, p.sunrise),
      eclipseDistance: Math.min(Infinity, ...this.eclipseDays.map((f) => Math.abs(f - p.fixed))),
      sankrantis: this.sankrantis.filter((s) => s.moment > p.sunrise - 1 && s.moment < p.nextSunrise + 1),
      gandantas: [...(before ? gandantasOf(before) : []), ...gandantasOf(p)],
      lagnas: () => (lagnas ??= lagnaStarts(p.sunrise, p.nextSunrise)),
      combust: (c) => {
        for (let d = -c.daysAround; d <= c.daysAround; d++) if (this.isSet(c, p.fixed + d)) return true;
        return false;
      },
      festivalsOf: (ids) => this.festivalsOn(p.fixed, ids),
      // Looked up, not held: a context holding the one before would hold the whole year.
      before: () =>
        before &&
        (this.recent.get(before.fixed) ??
          this.remembered(
            this.contextOf(
              before,
              before.fixed > FIRST_SUPPORTED_DAY ? panchangaOfDay(before.fixed - 1) : null,
            ),
          )),
    };
  }
}

/**
 * Every computed muhurat of a BS year in the given categories (default: every category with rules), by
 * category, sorted by date. Example: `computeYear(2084).get('bibaha')`.
 */
export function computeYear(
  year: number,
  categories: readonly string[] = [...MUHURAT_RULES.keys()],
): Map<string, ComputedDay[]> {
  const facts = new YearFacts(year);
  const rules = categories.flatMap((c) => MUHURAT_RULES.get(c) ?? []);
  const out = new Map<string, ComputedDay[]>(rules.map((r) => [r.category, []]));
  if (rules.length === 0) return out;
  for (let fixed = facts.first; fixed <= facts.last; fixed++) {
    const ctx = facts.context(panchangaOfDay(fixed));
    for (const r of rules) {
      const day = decideDay(r, ctx);
      if (day) out.get(r.category)!.push(day);
    }
  }
  return out;
}
