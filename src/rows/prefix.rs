//! Prefix sums of a weight per 8-byte word, for the whole-column conversions:
//! how many extra output bytes the input before a position gives (Latin-1: one
//! per byte 80..FF; UTF-16: one or two per unit from U+0080 on). Positions come
//! in order (a column's offsets), so the sums are kept for one 64 KiB chunk at a
//! time and each position costs a few instructions whatever the rows' lengths.

use alloc::vec::Vec;

/// Bytes of input per chunk of prefix sums (8 Ki words, 32 KiB of sums).
const CHUNK: usize = 1 << 16;

/// Sums `weight` of the little-endian words of `src` before a position.
/// `weight` of a word must be the sum of its bytes' (or units') weights, and
/// zero bytes must weigh nothing: a partial word is weighed with its later bytes
/// zeroed.
pub(super) struct WordPrefix<'a, W> {
    src: &'a [u8],
    weight: W,
    /// Where the current chunk starts, and the weight before it.
    chunk: usize,
    base: usize,
    /// `sums[k]`: the weight of the chunk's first `k` words.
    sums: Vec<u32>,
}

impl<'a, W: Fn(u64) -> u32> WordPrefix<'a, W> {
    pub(super) fn new(src: &'a [u8], weight: W) -> Self {
        let mut prefix = WordPrefix {
            src,
            weight,
            chunk: 0,
            base: 0,
            sums: alloc::vec![0; CHUNK / 8 + 1],
        };
        prefix.fill();
        prefix
    }

    /// The weight of all of `src`, in one pass (no sums kept).
    pub(super) fn total(src: &[u8], weight: W) -> usize {
        src.chunks(8).map(|word| weight(load(word)) as usize).sum()
    }

    /// The prefix sums of the current chunk.
    fn fill(&mut self) {
        let end = (self.chunk + CHUNK).min(self.src.len());
        // Each word's weight (independent, so it pipelines), then the sums.
        let chunk = &self.src[self.chunk..end];
        for (sum, word) in self.sums[1..].iter_mut().zip(chunk.chunks(8)) {
            *sum = (self.weight)(load(word));
        }
        for k in 1..=chunk.len().div_ceil(8) {
            self.sums[k] += self.sums[k - 1];
        }
    }

    /// The weight of `src[..at]`; `at` is at most `src.len()` and not less than
    /// at the call before.
    #[inline(always)]
    pub(super) fn before(&mut self, at: usize) -> usize {
        while at > self.chunk + CHUNK {
            self.base += self.sums[CHUNK / 8] as usize;
            self.chunk += CHUNK;
            self.fill();
        }
        let within = at - self.chunk;
        let (k, rem) = (within / 8, within % 8);
        let mut sum = self.base + self.sums[k] as usize;
        if rem > 0 {
            let word = self.chunk + 8 * k;
            let bytes = &self.src[word..(word + 8).min(self.src.len())];
            // The word's first `rem` bytes (little-endian: the low ones).
            let mask = (1u64 << (8 * rem)) - 1;
            sum += (self.weight)(load(bytes) & mask) as usize;
        }
        sum
    }
}

/// Up to eight bytes as a little-endian word (missing bytes are zero).
#[inline(always)]
pub(super) fn load(bytes: &[u8]) -> u64 {
    match bytes.try_into() {
        Ok(word) => u64::from_le_bytes(word),
        Err(_) => {
            let mut word = [0; 8];
            let n = bytes.len().min(8);
            word[..n].copy_from_slice(&bytes[..n]);
            u64::from_le_bytes(word)
        }
    }
}

/// Adds the lanes of `word` of `LANE` bits each (each lane small enough that
/// the sum fits one), by one multiplication.
#[inline(always)]
pub(super) fn sum_lanes<const LANE: u32>(word: u64) -> u32 {
    let ones = u64::MAX / ((1u64 << LANE) - 1);
    (word.wrapping_mul(ones) >> (64 - LANE)) as u32
}
