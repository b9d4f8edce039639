/**
 * Angles in degrees brought into [0, 360), the two ways the engine has always taken, each answering bit for bit as
 * its `%` formula does but without the floating-point remainder (a call into the C library's fmod) for the angles
 * the engine meets, which lie within a turn or two of [0, 360): the remainder stays for any other.
 */

/**
 * `((x % 360) + 360) % 360`: the angle in [0, 360), through x + 360 (so a tiny positive angle rounds as that sum
 * does). Example: `mod360(-30)` is 330.
 */
export function mod360(x: number): number {
  if (x >= 0 && x < 720) {
    // x % 360 is exact here, and so is the sum's remainder of 360, a subtraction of numbers within a factor of 2.
    const sum = (x < 360 ? x : x - 360) + 360;
    return sum < 720 ? sum - 360 : 0;
  }
  if (x < 0 && x >= -360) {
    const sum = x + 360;
    return sum < 360 ? sum : 0;
  }
  return ((x % 360) + 360) % 360;
}

/**
 * `deg % 360`, plus 360 when negative: the angle in [0, 360), or 360 for a negative angle within a rounding of 0.
 * Example: `reduce360(370)` is 10.
 */
export function reduce360(deg: number): number {
  if (deg >= 0 && deg < 720) return deg < 360 ? deg : deg - 360;
  if (deg < 0 && deg > -360) return deg + 360;
  const angle = deg % 360;
  return angle < 0 ? angle + 360 : angle;
}
