//! UTF-8 to Latin-1 in groups of two 64-byte blocks, checked in vector
//! registers and tested once a group, with ASCII blocks copied one at a time
//! between groups ([`latin1_run`]).
//!
//! Valid UTF-8 whose characters are all Latin-1 holds three kinds of byte:
//! ASCII, a lead `C2` or `C3`, and a continuation byte, which follows a lead
//! and only a lead. Each block is classified twice by a 128-entry byte lookup
//! (`vpermt2b`, indexed by the top seven bits of the byte): the byte as itself
//! (continuation `C0`, impossible `01`: `C0`, `C1`, `C4`–`FF`; else 0) and the
//! byte before it, loaded from one byte earlier, as a predecessor (lead `C0`,
//! else 0). The two agree exactly where the pair is valid, so their exclusive
//! or, accumulated over the group, is zero for a valid group. The predecessor's
//! class also selects the bits that make a continuation byte its character
//! (`lead << 6 | byte & 0x3F`), and the leads are dropped by a compress.
//!
//! On Zen 5, moving a mask register to a general one, or testing it, costs
//! about a cycle of throughput each: the block code that tests every block and
//! keeps its masks in general registers ran at 8.5 cycles a block; this one
//! runs at 3.5–3.9, with one test a group (BENCHMARKS.md, twenty-seventh
//! session). An ASCII block is copied as it is, one test a block, and a group
//! starts at the first block that is not ASCII: on Zen 4, German text (two
//! thirds of its blocks ASCII, in short runs) 5.25 → 4.55 µs and French
//! 14.0 → 12.4 µs against ASCII tested four blocks at a time and groups of
//! four at multiples of 256 bytes (BENCHMARKS.md, forty-seventh session).

use core::arch::x86_64::*;

use super::w8;
use crate::generic::ascii_prefix::ascii_prefix;

/// Blocks a group: tested together, once.
const GROUP: usize = 2;

/// The class of each byte by its top seven bits (index `byte >> 1`): as the
/// byte itself (`as_predecessor` false: continuation `C0`, a byte that cannot
/// be in Latin-1 text `01`, else 0), or as the byte before another (lead `C0`,
/// else 0).
const fn classes(as_predecessor: bool) -> [u8; 128] {
    let mut table = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let byte = (i as u8) << 1;
        table[i] = match (as_predecessor, byte) {
            (true, 0xC2) => 0xC0,
            (true, _) => 0,
            (false, 0x00..=0x7F) | (false, 0xC2) => 0,
            (false, 0x80..=0xBF) => 0xC0,
            (false, _) => 0x01,
        };
        i += 1;
    }
    table
}

/// [`classes`] as the byte itself, and as the byte before.
static CLASSES: [[u8; 128]; 2] = [classes(false), classes(true)];

/// A 128-entry table in two registers.
#[derive(Clone, Copy)]
struct Table(__m512i, __m512i);

impl Table {
    /// # Safety
    /// The CPU supports AVX-512 F.
    #[inline(always)]
    unsafe fn load(table: &[u8; 128]) -> Table {
        // SAFETY: 128 readable bytes.
        unsafe {
            Table(
                _mm512_loadu_si512(table.as_ptr().cast()),
                _mm512_loadu_si512(table.as_ptr().add(64).cast()),
            )
        }
    }

    /// The entry of each byte of `bytes`, by its top seven bits.
    ///
    /// # Safety
    /// The CPU supports AVX-512 BW and VBMI.
    #[inline(always)]
    unsafe fn classify(self, bytes: __m512i) -> __m512i {
        // `vpermt2b` reads the low seven bits of each index byte; the bit a
        // 16-bit shift brings into bit 7 is ignored.
        _mm512_permutex2var_epi8(self.0, _mm512_srli_epi16::<1>(bytes), self.1)
    }
}

/// Converts one block, `bytes`, whose bytes one earlier are `before`, to
/// Latin-1 at `out`; ors into `errors` a nonzero byte where it is not valid
/// Latin-1 text. Returns the bytes written (the characters ending in the
/// block: all but its leads).
///
/// # Safety
/// The CPU supports the AVX-512 kernel; `out..out + 64` is writable.
#[inline(always)]
unsafe fn block(
    bytes: __m512i,
    before: __m512i,
    tables: [Table; 2],
    errors: &mut __m512i,
    out: *mut u8,
) -> usize {
    let itself = tables[0].classify(bytes);
    let lead_before = tables[1].classify(before);
    // errors | itself ^ lead_before
    *errors = _mm512_ternarylogic_epi64::<0xF6>(*errors, itself, lead_before);
    // After a lead, its two low bits above the continuation byte's six.
    let lead_bits = _mm512_slli_epi16::<6>(_mm512_and_si512(before, w8(0x03)));
    // lead_before ? lead_bits : bytes, bit by bit (lead_before is C0 or 0).
    let values = _mm512_ternarylogic_epi64::<0xB8>(bytes, lead_before, lead_bits);
    let ends = _mm512_cmpneq_epi8_mask(_mm512_and_si512(bytes, w8(0xFE)), w8(0xC2));
    // SAFETY: the caller's promise: 64 writable bytes.
    unsafe { _mm512_storeu_si512(out.cast(), _mm512_maskz_compress_epi8(ends, values)) };
    ends.count_ones() as usize
}

/// [`Wide::utf8_to_latin1_run`](crate::generic::wide::Wide::utf8_to_latin1_run)
/// for AVX-512: the ASCII the input starts with by [`ascii_prefix`], then
/// ASCII blocks and groups of [`GROUP`] blocks while input and room for a
/// whole group remain; a group with an error (or a character above
/// U+00FF) is written but not counted, and ends the run.
///
/// # Safety
/// The CPU supports the AVX-512 kernel (F, BW, VBMI, VBMI2).
#[inline(always)]
pub(super) unsafe fn latin1_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    const SIZE: usize = 64 * GROUP;
    // SAFETY (loads): `pos + SIZE <= src.len()` in the loop; a block's bytes
    // before start at `pos + 64 * k - 1 >= 0` but for the first block of the
    // input, which shifts its own. (stores): `written + SIZE <= dst.len()`, and
    // each block writes 64 bytes at most `64 * k` after `written`.
    unsafe {
        // The ASCII the input starts with, by the copy loop.
        let start = ascii_prefix::<__m256i>(src, dst);
        let tables = [Table::load(&CLASSES[0]), Table::load(&CLASSES[1])];
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
        let (mut pos, mut written) = (start, start);
        // Whether the bytes before `pos` end in a lead (`C2`, `C3`): false at
        // the start and after an ASCII block, read from the input after a
        // group.
        let mut lead_before = false;
        while src.len() - pos >= SIZE && dst.len() - written >= SIZE {
            let first = _mm512_loadu_si512(s.add(pos).cast());
            // ASCII after a lead is an error, for the checked path to find.
            if _mm512_movepi8_mask(first) == 0 && !lead_before {
                _mm512_storeu_si512(d.add(written).cast(), first);
                pos += 64;
                written += 64;
                continue;
            }
            let v: [__m512i; GROUP] = core::array::from_fn(|k| match k {
                0 => first,
                _ => _mm512_loadu_si512(s.add(pos + 64 * k).cast()),
            });
            let mut errors = _mm512_setzero_si512();
            let mut w = written;
            for (k, &bytes) in v.iter().enumerate() {
                let at = pos + 64 * k;
                let before = if at == 0 {
                    use crate::generic::vector_traits::ByteVector;
                    bytes.prev::<1>(_mm512_setzero_si512())
                } else {
                    _mm512_loadu_si512(s.add(at - 1).cast())
                };
                w += block(bytes, before, tables, &mut errors, d.add(w));
            }
            if _mm512_test_epi8_mask(errors, errors) != 0 {
                break;
            }
            pos += SIZE;
            written = w;
            lead_before = src[pos - 1] & 0xFE == 0xC2;
        }
        // A lead that ends the run starts the next character.
        if lead_before {
            pos -= 1;
        }
        (pos, written)
    }
}
