//! Hashing of states and assignments: the one mixing function every fingerprint uses.
//!
//! ```
//! use sieve::hash::mix;
//! assert_ne!(mix(1), mix(2));
//! assert_eq!(mix(7), mix(7));
//! ```

/// Mix a 64-bit number into a well-spread one (splitmix64's finaliser).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The fingerprint of a store of domain words.
pub(crate) fn fingerprint_words(words: &[u64]) -> u64 {
    words
        .iter()
        .fold(0x243F_6A88_85A3_08D3, |fp, &w| mix(fp ^ w))
}
