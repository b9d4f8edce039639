import { describe, expect, it } from 'vitest';
import { reasonsText } from './muhurat-reasons.ts';

describe('a computed muhurat day’s reasons in words', () => {
  it('are the words the year files held before they kept numbers (two pasni days of BS 2081 Baisakh)', () => {
    // src/http/prime-muhurat.json before schemaVersion 2 held these `because` lists for these days.
    expect(reasonsText({ nakshatras: [7], tithis: [7], weekday: 1 }, 'en')).toEqual([
      'Punarvasu',
      'Shukla Saptami',
      'Monday',
    ]);
    expect(reasonsText({ nakshatras: [7], tithis: [7], weekday: 1 }, 'ne')).toEqual([
      'पुनर्वसु नक्षत्र',
      'शुक्ल सप्तमी',
      'सोमबार',
    ]);
    expect(reasonsText({ nakshatras: [17], tithis: [17, 18], weekday: 5 }, 'ne')).toEqual([
      'अनुराधा नक्षत्र',
      'कृष्ण द्वितीया',
      'कृष्ण तृतीया',
      'शुक्रबार',
    ]);
  });

  it('name every part in its order, each lagna once, purnima and aunsi without a paksha', () => {
    const reasons = {
      sun: 2,
      nakshatras: [4],
      tithis: [3, 15, 30],
      lagnas: [3, 3, 4],
      weekday: 0,
      shivaVaas: 1,
      agniVaas: 3,
      risen: ['jupiter' as const, 'venus' as const],
    };
    expect(reasonsText(reasons, 'en')).toEqual([
      'Sun in Vrisha',
      'Rohini',
      'Shukla Tritiya',
      'Purnima',
      'Aunsi (Amavasya)',
      'Mithuna lagna',
      'Karkata lagna',
      'Sunday',
      'Shiva on Kailash',
      'Agni on earth',
      'Jupiter risen (not combust)',
      'Venus risen (not combust)',
    ]);
    expect(reasonsText(reasons, 'ne')).toEqual([
      'सूर्य वृष राशिमा',
      'रोहिणी नक्षत्र',
      'शुक्ल तृतीया',
      'पूर्णिमा',
      'औँशी',
      'मिथुन लग्न',
      'कर्कट लग्न',
      'आइतबार',
      'शिववास: कैलासमा',
      'अग्निवास: पृथ्वीमा',
      'बृहस्पति उदाएको',
      'शुक्र उदाएको',
    ]);
  });
});
