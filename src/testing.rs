//! What the unit tests of several stages share.

/// xorshift64 from a fixed seed: the random inputs of a differential test, the same on every
/// run, so that a failure is reproducible.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
