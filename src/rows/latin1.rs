//! Latin-1 (and Windows-1252 without its C1 letters, which is the same) column
//! to UTF-8 in one kernel call over all the values: the conversion is byte by
//! byte, so the conversion of the whole values buffer is the conversion of every
//! row, one after the other. Each row start moves by the number of bytes
//! 80..FF before it (each becomes two), counted from per-word prefix sums over
//! the values, a chunk at a time, so each offset costs a few instructions
//! whatever the rows' lengths.

use alloc::vec::Vec;

use super::offset::{RowOffset, Span};
use super::{ConvertedRows, RowError, RowValidity};
use crate::Engine;

/// Bytes of values per chunk of prefix sums (8 Ki words, 32 KiB of counts).
const CHUNK: usize = 1 << 16;

/// `0x80` in every byte: the bytes that become two in UTF-8.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The column `values`/`offsets` (sound, covering `span`), Latin-1, as UTF-8
/// rows.
pub(super) fn latin1_to_utf8_rows<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
) -> Result<ConvertedRows<O>, RowError> {
    let src = &values[span.start..span.end];
    // The exact length, so that only what is written is zeroed first.
    let words = src.chunks(8).map(|word| high_bytes(load(word)) as usize);
    let mut out = alloc::vec![0; src.len() + words.sum::<usize>()];
    let written = match engine.latin1_to_utf8(src, &mut out) {
        Ok(written) => written,
        // Two bytes of room per byte always suffice.
        Err(e) => e.written(),
    };
    out.truncate(written);
    let mut high = HighBytes::new(src);
    let mut new_offsets = Vec::with_capacity(offsets.len());
    for (row, offset) in offsets.iter().enumerate() {
        let at = offset.to_usize().unwrap_or(span.start) - span.start;
        let moved = O::from_usize(at + high.before(at));
        new_offsets.push(moved.ok_or(RowError::offsets(row.saturating_sub(1)))?);
    }
    Ok(ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity: RowValidity::all_valid(span.rows),
    })
}

/// Counts the bytes 80..FF before a position of `src`, for positions that never
/// decrease: prefix sums per 8-byte word of the current chunk, then the bytes of
/// the position's own word.
struct HighBytes<'a> {
    src: &'a [u8],
    /// Where the current chunk starts, and the high bytes before it.
    chunk: usize,
    base: usize,
    /// `counts[k]`: the high bytes of the chunk's first `k` words.
    counts: Vec<u32>,
}

impl<'a> HighBytes<'a> {
    fn new(src: &'a [u8]) -> Self {
        let mut counter = HighBytes {
            src,
            chunk: 0,
            base: 0,
            counts: alloc::vec![0; CHUNK / 8 + 1],
        };
        counter.fill();
        counter
    }

    /// The prefix sums of the current chunk.
    fn fill(&mut self) {
        let end = (self.chunk + CHUNK).min(self.src.len());
        // Each word's count (independent, so it pipelines), then the sums.
        let chunk = &self.src[self.chunk..end];
        for (count, word) in self.counts[1..].iter_mut().zip(chunk.chunks(8)) {
            *count = high_bytes(load(word));
        }
        let words = chunk.len().div_ceil(8);
        for k in 1..=words {
            self.counts[k] += self.counts[k - 1];
        }
    }

    /// The bytes 80..FF in `src[..at]`; `at` is at most `src.len()` and not less
    /// than at the call before.
    #[inline(always)]
    fn before(&mut self, at: usize) -> usize {
        while at > self.chunk + CHUNK {
            self.base += self.counts[CHUNK / 8] as usize;
            self.chunk += CHUNK;
            self.fill();
        }
        let within = at - self.chunk;
        let (k, rem) = (within / 8, within % 8);
        let mut count = self.base + self.counts[k] as usize;
        if rem > 0 {
            let word = self.chunk + 8 * k;
            let bytes = &self.src[word..(word + 8).min(self.src.len())];
            // The word's first `rem` bytes (little-endian: the low ones).
            let mask = (1u64 << (8 * rem)) - 1;
            count += high_bytes(load(bytes) & mask) as usize;
        }
        count
    }
}

/// The number of bytes 80..FF in `word`: their top bits moved to the bottom of
/// each byte and summed by one multiplication (the portable build has no
/// `popcnt`).
#[inline(always)]
fn high_bytes(word: u64) -> u32 {
    (((word & HIGH) >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Up to eight bytes as a little-endian word (missing bytes are zero).
#[inline(always)]
fn load(bytes: &[u8]) -> u64 {
    match bytes.try_into() {
        Ok(word) => u64::from_le_bytes(word),
        Err(_) => {
            let mut word = [0; 8];
            word[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
            u64::from_le_bytes(word)
        }
    }
}
