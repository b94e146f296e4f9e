//! Eight bytes of text tested at once in a `u64` ("SIMD within a register"), for the loops that
//! read every byte of a page's text (whitespace to collapse, where a sentence may end, letters
//! per script, a byline's class). Safe Rust, the same on every target (wasm32 has no vector
//! instructions by default). The tricks are the classic ones (Mycroft's zero-byte test, as in
//! Hacker's Delight 6-1): each works on the low seven bits of every byte so that no carry
//! crosses into the next byte, which makes them exact for every byte, not only for the lowest
//! one.

/// A one in each byte: `EACH_BYTE * b` is byte `b` eight times.
pub const EACH_BYTE: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte, the form every answer below takes.
pub const HIGH: u64 = EACH_BYTE * 0x80;

/// The eight bytes of `b` from `at` as one little-endian number (byte `at` lowest), or `None`
/// when fewer than eight are left.
pub fn word_at(b: &[u8], at: usize) -> Option<u64> {
    b.get(at..at.checked_add(8)?).map(|w| u64::from_le_bytes(w.try_into().unwrap_or_default()))
}

/// The zero bytes of `x`, as their top bits.
pub fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

/// The bytes of `x` equal to `b`, as their top bits.
pub fn equal_bytes(x: u64, b: u8) -> u64 {
    zero_bytes(x ^ (EACH_BYTE * u64::from(b)))
}

/// The bytes of `x` below `n` (`n` at most 0x80), as their top bits: adding `0x80 - n` to a
/// byte's low seven bits sets its top bit exactly when the byte is `n` or above, and a byte
/// from 0x80 up is never below.
pub fn bytes_below(x: u64, n: u8) -> u64 {
    !(((x & !HIGH) + EACH_BYTE * u64::from(0x80 - n)) | x) & HIGH
}

/// The first marked byte of an answer above (its lowest top bit), as an offset from 0 to 7.
pub fn first(marks: u64) -> usize {
    (marks.trailing_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value in every position, among neighbours that could carry into it, against
    /// the byte-at-a-time answer.
    #[test]
    fn every_byte_in_every_lane_answers_as_the_byte_test() {
        let mark = |bytes: [u8; 8], test: &dyn Fn(u8) -> bool| {
            bytes
                .iter()
                .enumerate()
                .fold(0u64, |m, (k, &c)| m | (u64::from(test(c)) << (8 * k + 7)))
        };
        for fill in [0x00u8, 0x01, 0x20, 0x7f, 0x80, 0xff] {
            for lane in 0..8 {
                for c in 0..=255u8 {
                    let mut bytes = [fill; 8];
                    bytes[lane] = c;
                    let x = u64::from_le_bytes(bytes);
                    assert_eq!(zero_bytes(x), mark(bytes, &|b| b == 0), "{bytes:?}");
                    for b in [b' ', b'.', 0xC2, 0xff] {
                        assert_eq!(
                            equal_bytes(x, b),
                            mark(bytes, &|v| v == b),
                            "{bytes:?} = {b:#x}"
                        );
                    }
                    for n in [1u8, b' ', 0x61, 0x80] {
                        assert_eq!(
                            bytes_below(x, n),
                            mark(bytes, &|v| v < n),
                            "{bytes:?} < {n:#x}"
                        );
                    }
                }
            }
        }
        assert_eq!(word_at(b"abcdefghi", 1), Some(u64::from_le_bytes(*b"bcdefghi")));
        assert_eq!(word_at(b"abcdefghi", 2), None);
        assert_eq!(word_at(b"abc", usize::MAX), None);
        assert_eq!(first(equal_bytes(u64::from_le_bytes(*b"ab.cd.ef"), b'.')), 2);
    }
}
