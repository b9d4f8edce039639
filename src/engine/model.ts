/**
 * The two astronomical models behind one interface. Everything that needs a longitude (month starts, tithi,
 * nakshatra, yoga, karana, lunar months, festivals) asks a model, never astronomy-engine or the Surya
 * Siddhanta formulas directly.
 */

/** `surya-siddhanta`: the traditional model (Reingold & Dershowitz's modern Hindu); `modern`: astronomy-engine + Lahiri. */
export type ModelId = 'surya-siddhanta' | 'modern';
export const MODEL_IDS = ['surya-siddhanta', 'modern'] as const satisfies readonly ModelId[];

export interface AstronomicalModel {
  readonly id: ModelId;
  /** Sidereal longitude of the Sun in degrees, 0 ≤ λ < 360, at a moment (fixed days, UT; see src/calendar/time.ts). */
  sunLongitude(moment: number): number;
  /** Sidereal longitude of the Moon in degrees, 0 ≤ λ < 360, at a moment (fixed days, UT). */
  moonLongitude(moment: number): number;
}
