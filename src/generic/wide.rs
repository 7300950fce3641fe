//! Block conversions that only some instruction sets do well: AVX-512 with VBMI2
//! has byte- and word-granular *compress* instructions, which move the selected
//! elements of a 64-byte register to its front in one step, where the narrower
//! sets need a shuffle from a table for every eight elements. [`Wide`] is the hook:
//! the generic algorithms ask it first, and go on with their own 128-bit code when
//! it declines (every method's default, for every vector type but `__m512i`).
//! The AVX-512 implementation is in `arch/x86_64/avx512`; the other vector types
//! take the defaults (their impls, empty, sit with their `ByteVector` impls).

use super::vector_traits::ByteVector;

/// What a stream of 64-byte blocks carries from one block to the next: the
/// block's bytes, and masks of its continuation bytes and of its lead bytes (of
/// 4-byte characters; for Latin-1 output, of any).
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by AVX-512 only
pub(crate) struct Carry<V> {
    pub(crate) bytes: V,
    pub(crate) cont: u64,
    pub(crate) leads: u64,
}

impl<V: ByteVector> Carry<V> {
    /// Before the first block.
    ///
    /// # Safety
    /// The CPU supports `V`.
    #[inline(always)]
    pub(crate) unsafe fn start() -> Self {
        Carry {
            bytes: V::splat(0),
            cont: 0,
            leads: 0,
        }
    }
}

/// Optional block conversions for the vector type `Self`.
///
/// # Safety
/// Implementations use only the instructions of their vector type's kernel. Every
/// method requires that the CPU supports them and that the pointers are valid for
/// the reads and writes the method names.
pub(crate) unsafe trait Wide: ByteVector {
    /// The bytes of `src` (at most 64) in a vector, zero after them; only called
    /// when [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `src.len() <= 64`.
    #[inline(always)]
    unsafe fn load_short(src: &[u8]) -> Self {
        let _ = src;
        Self::splat(0)
    }

    /// For a short string loaded by [`Wide::load_short`]: `Some(valid)` when
    /// no byte of it is 0xE0 or above (no 3- or 4-byte lead: text in Latin,
    /// Greek, Cyrillic, Hebrew or Arabic script, or ASCII), answered from byte
    /// masks alone; `None` otherwise, for the full check. Only called when
    /// [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `self` holds fewer than 64 bytes of a string, zero after them.
    #[inline(always)]
    unsafe fn valid_two_byte_utf8(self) -> Option<bool> {
        None
    }

    /// Writes the first `len` bytes of `self` (ASCII) at `out` as `len` units of
    /// `T` (`u8`, or `u16`, big-endian if `big`, or `u32`), and nothing
    /// else; only called when [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `out..out + len` is writable; `len <= 64`; `T` is `u8`, `u16` or `u32`.
    #[inline(always)]
    unsafe fn widen_short<T>(self, len: usize, out: *mut T, big: bool) {
        let _ = (len, out, big);
    }

    /// Input units a call to one of the `*_to_utf8` methods may read (0: it has
    /// none); it converts at most that many.
    const UNITS: usize = 0;

    /// Whether the `*_to_utf8_short` methods are implemented (exact steps of
    /// up to 32 units, for short input and the last units).
    const SHORT_STEPS: bool = false;

    /// Output bytes those methods may touch (whatever they report as written).
    const ROOM: usize = 0;

    /// Whether a wide step that was all ASCII hands the rest of the run to the
    /// ASCII loop (`to_utf8`): worth it where the wide step's own ASCII test
    /// and bookkeeping cost more than the loop's. AVX2, UTF-16 to UTF-8:
    /// English 333k to 200k instructions, wall 1.18-1.20x; Esperanto, German,
    /// Turkish 1.02-1.06x; French, Portuguese, Czech, Vietnamese, Chinese
    /// 0.95-0.98x (runs that end within a vector: a failed test). AVX-512 lost
    /// 5-10% on French.
    const ASCII_RUNS_FROM_WIDE: bool = false;

    /// Converts UTF-16 units at `src` (big-endian with `BIG`) to UTF-8 at `dst`:
    /// up to [`Wide::UNITS`], stopping before a part that holds a surrogate;
    /// returns the units read and bytes written, or `None` (having written
    /// nothing that counts) when the first part holds one.
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn utf16_to_utf8<const BIG: bool>(
        src: *const u16,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// Converts the `len` (at most 32) UTF-16 units at `src` (big-endian with
    /// `BIG`) to UTF-8 at `dst`, writing exactly the bytes converted and only if
    /// they are at most `room`: returns the units read (one less when the last of
    /// 32 is a high surrogate) and the bytes written, or `None` (having written
    /// nothing) when a surrogate is unpaired among them or the bytes do not fit.
    /// Always `None` where not implemented.
    ///
    /// # Safety
    /// `src..src + len` is readable, `dst..dst + room` writable; `len <= 32`.
    #[inline(always)]
    unsafe fn utf16_to_utf8_short<const BIG: bool>(
        src: *const u16,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (src, len, dst, room);
        None
    }

    /// As [`Wide::utf16_to_utf8_short`] for Latin-1 input (`None` only when the
    /// bytes do not fit).
    ///
    /// # Safety
    /// `src..src + len` is readable, `dst..dst + room` writable; `len <= 32`.
    #[inline(always)]
    unsafe fn latin1_to_utf8_short(
        src: *const u8,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (src, len, dst, room);
        None
    }

    /// As [`Wide::latin1_to_utf8_short`] for UTF-32 input: `None` (having
    /// written nothing) when a value is not a Unicode scalar value or the
    /// bytes do not fit.
    ///
    /// # Safety
    /// `src..src + len` is readable, `dst..dst + room` writable; `len <= 32`.
    #[inline(always)]
    unsafe fn utf32_to_utf8_short(
        src: *const u32,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (src, len, dst, room);
        None
    }

    /// As [`Wide::utf16_to_utf8`] for UTF-32: `None` when a value is not a
    /// Unicode scalar value (or, where the implementation takes the BMP only,
    /// above U+FFFF).
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn utf32_to_utf8(src: *const u32, dst: *mut u8) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// Whether [`Wide::utf8_to_utf16`] and [`Wide::utf8_to_utf32`] are implemented.
    const FROM_UTF8: bool = false;

    /// Converts the characters of the 64-byte block at `block` (valid UTF-8 that
    /// starts at a character boundary; only its first `len` bytes count) that end
    /// before its last byte, to UTF-16 at `out` (big-endian with `BIG`); returns
    /// the bytes read and units written, or `None` when no character ends there
    /// (only input that is not UTF-8 has none). Always `None` where not
    /// implemented. With `exact: Some(room)`, writes only the units converted,
    /// and returns `None`, writing nothing, when they are more than `room`.
    ///
    /// # Safety
    /// `block..block + 64` is readable; `out..out + 64` writable, or with
    /// `exact: Some(room)`, `out..out + room`.
    #[inline(always)]
    unsafe fn utf8_to_utf16<const BIG: bool>(
        block: *const u8,
        len: usize,
        out: *mut u16,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// As [`Wide::utf8_to_utf16`] for UTF-32 output.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_to_utf32(
        block: *const u8,
        len: usize,
        out: *mut u32,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// As [`Wide::utf8_to_utf16`] for Latin-1 output, but the block need not be
    /// valid: `None` also when it is not, or holds a character above U+00FF.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_to_latin1(
        block: *const u8,
        len: usize,
        out: *mut u8,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// Converts the characters whose last byte is in the 64 bytes at `block` to
    /// UTF-16 at `out` (big-endian with `BIG`), in a stream of blocks: `carry`
    /// describes the block before (and is updated to this one), `next_cont` tells
    /// whether the byte after the block is a continuation byte. The stream is
    /// valid UTF-8 up to the end of this block (but for a character cut off at
    /// its end). Returns the units written. Only called when
    /// [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_utf16<const BIG: bool>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u16,
    ) -> usize {
        let _ = (block, next_cont, carry, out);
        0
    }

    /// As [`Wide::utf8_stream_to_utf16`] for UTF-32 output.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_utf32(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u32,
    ) -> usize {
        let _ = (block, next_cont, carry, out);
        0
    }

    /// As [`Wide::utf8_stream_to_utf16`] for Latin-1 output, but the block need
    /// not be valid: `None` when it is not (with the one before), or holds a
    /// character above U+00FF.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_latin1(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u8,
    ) -> Option<usize> {
        let _ = (block, next_cont, carry, out);
        None
    }

    /// Converts whole groups of blocks at the start of `src` (UTF-8, not yet
    /// checked, starting at a character boundary) to Latin-1 in `dst`, as long
    /// as a group is valid, holds no character above U+00FF and fits: returns
    /// the bytes read (up to a character boundary) and the bytes written. The
    /// rest, from the group that stopped it, is for the block conversions.
    /// `(0, 0)` where not implemented.
    ///
    /// # Safety
    /// None beyond the CPU's support of the kernel.
    #[inline(always)]
    unsafe fn utf8_to_latin1_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        let _ = (src, dst);
        (0, 0)
    }

    /// See `operations::supplementary_to_cesu8`: `None` where this width has
    /// no block path of its own (the 128-bit one of `generic::cesu8` then).
    ///
    /// # Safety
    /// None beyond the CPU's support of the kernel.
    #[inline(always)]
    unsafe fn supplementary_to_cesu8_run(
        src: &[u8],
        dst: &mut [u8],
        nul: bool,
    ) -> Option<(usize, usize)> {
        let _ = (src, dst, nul);
        None
    }

    /// See `operations::cesu8_pairs_to_utf8`: `None` where this width has no
    /// block path of its own (the 128-bit one of `generic::cesu8` then).
    ///
    /// # Safety
    /// None beyond the CPU's support of the kernel.
    #[inline(always)]
    unsafe fn cesu8_pairs_run(
        src: &[u8],
        dst: &mut [core::mem::MaybeUninit<u8>],
    ) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// Converts Latin-1 at the start of `src` to UTF-8 in `dst` block by block
    /// while a whole block and room for its worst case remain: returns the
    /// bytes read and written; the rest is for the generic loop. `(0, 0)`
    /// where not implemented.
    ///
    /// # Safety
    /// None beyond the CPU's support of the kernel.
    #[inline(always)]
    unsafe fn latin1_to_utf8_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        let _ = (src, dst);
        (0, 0)
    }

    /// As [`Wide::utf16_to_utf8`] for Latin-1 (never `None` where implemented).
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn latin1_to_utf8(src: *const u8, dst: *mut u8) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// The two masks of a 64-byte block of a UTF-16 column (units big-endian
    /// with `big`) that `generic::columns` moves row offsets by (see
    /// `columns::unit_masks`), or `None` where not implemented.
    ///
    /// # Safety
    /// None beyond the trait's.
    #[inline(always)]
    unsafe fn utf16_column_masks(block: &[u8; 64], big: bool) -> Option<[u64; 2]> {
        let _ = (block, big);
        None
    }
}
