//! The one list of the operations every kernel provides.
//!
//! [`operations!`] holds each operation once: its name, its signature and its
//! portable algorithm (the scalar kernel's, and every other kernel's default).
//! Everything else is derived from the list by a callback macro:
//!
//! - here, the [`Algorithms`] trait: one `unsafe fn` per operation whose default
//!   body is the portable algorithm. A kernel's implementation (the portable
//!   [`Portable`](crate::generic::Portable), the vector
//!   [`Vectors`](crate::generic::vectors::Vectors)) overrides what it does better;
//! - in `dispatch/table.rs`, the function table a kernel is run through, each
//!   ISA's instantiation of its implementation inside `#[target_feature]`
//!   functions, and the safe wrappers (`Engine::ops`) that call the table.
//!
//! Adding an operation is one entry here plus its algorithm; the public function
//! that offers it calls `Engine::ops`.
//!
//! Every function of the list is sound to call on any input slices once the CPU
//! has the kernel's instruction set (the only reason they are `unsafe`); the
//! `valid_utf8_*` ones give meaningful results only for valid UTF-8 (they may stop
//! early otherwise, never reading or writing out of bounds).

/// Calls `$callback! { ($extra) entries }` with every operation as an entry
/// `name(args) -> return = portable_algorithm;`, each with its doc.
macro_rules! operations {
    ($callback:ident! $extra:tt) => {
        $callback! { $extra
            /// True when `src` is valid UTF-8.
            validate_utf8(src: &[u8]) -> bool = crate::arch::dfa::validate;
            /// `Ok` for valid UTF-8, else std's error.
            check_utf8(src: &[u8]) -> Result<(), crate::Utf8Error> = crate::arch::dfa::check;
            /// The spans of UTF-8 (starting at a character boundary) with errors,
            /// into `out` (not empty): see `generic::validate_utf8::flag_errors`.
            flag_utf8(src: &[u8], out: &mut [(u32, u32)]) -> usize = crate::arch::dfa::flag_errors;
            /// UTF-16 validation, units in `order`.
            check_utf16(src: &[u16], order: crate::ByteOrder) -> Result<(), crate::error::Utf16Error> =
                crate::generic::portable::check_utf16;
            /// UTF-32 validation.
            check_utf32(src: &[u32]) -> Result<(), crate::error::Utf32Error> = crate::generic::portable::check_utf32;
            /// UTF-8 to UTF-16 in `order`.
            utf8_to_utf16(src: &[u8], dst: &mut [u16], order: crate::ByteOrder) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_utf16;
            /// `utf8_to_utf16` for a short string (fewer than 64 bytes, as the
            /// free function calls it): a small entry point where the kernel
            /// reads short UTF-8 in one vector (AVX-512), without the frame of
            /// the long path; any other input is still converted exactly.
            utf8_to_utf16_short(src: &[u8], dst: &mut [u16], order: crate::ByteOrder) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_utf16;
            /// UTF-8 to UTF-32.
            utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_utf32;
            /// UTF-8 to Latin-1.
            utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_latin1;
            /// UTF-8 known to be valid (from a `&str`) to UTF-16: no validation.
            valid_utf8_to_utf16(src: &[u8], dst: &mut [u16], order: crate::ByteOrder) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_utf16;
            /// UTF-8 known to be valid to UTF-32.
            valid_utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, crate::Utf8Error> =
                crate::generic::portable::utf8_to_utf32;
            /// UTF-16 in `order` to UTF-8.
            utf16_to_utf8(src: &[u16], dst: &mut [u8], order: crate::ByteOrder) -> Result<usize, crate::error::Utf16Error> =
                crate::generic::portable::utf16_to_utf8;
            /// `utf16_to_utf8` for a short string (at most 32 units, as the free
            /// function calls it): a small entry point where the kernel has a
            /// one-step path (AVX-512), without the frame of the long path; any
            /// other input is still converted exactly.
            utf16_to_utf8_short(src: &[u16], dst: &mut [u8], order: crate::ByteOrder) -> Result<usize, crate::error::Utf16Error> =
                crate::generic::portable::utf16_to_utf8;
            /// UTF-16 in `order` to UTF-32.
            utf16_to_utf32(src: &[u16], dst: &mut [u32], order: crate::ByteOrder) -> Result<usize, crate::error::Utf16Error> =
                crate::generic::portable::utf16_to_utf32;
            /// UTF-16 in `order` to Latin-1.
            utf16_to_latin1(src: &[u16], dst: &mut [u8], order: crate::ByteOrder) -> Result<usize, crate::error::Utf16Error> =
                crate::generic::portable::utf16_to_latin1;
            /// UTF-32 to UTF-8.
            utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, crate::error::Utf32Error> =
                crate::generic::portable::utf32_to_utf8;
            /// UTF-32 to UTF-16 in `order`.
            utf32_to_utf16(src: &[u32], dst: &mut [u16], order: crate::ByteOrder) -> Result<usize, crate::error::Utf32Error> =
                crate::generic::portable::utf32_to_utf16;
            /// UTF-32 to Latin-1.
            utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, crate::error::Utf32Error> =
                crate::generic::portable::utf32_to_latin1;
            /// Latin-1 to UTF-8.
            latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, crate::OutputTooSmall> =
                crate::generic::portable::latin1_to_utf8;
            /// `latin1_to_utf8` for a short string (at most 32 bytes, with room for
            /// twice as many, as the free function calls it): a small entry point
            /// where the kernel has a one-step path (AVX-512), without the frame of
            /// the long path; any other input is still converted exactly.
            latin1_to_utf8_short(src: &[u8], dst: &mut [u8]) -> Result<usize, crate::OutputTooSmall> =
                crate::generic::portable::latin1_to_utf8;
            /// Latin-1 to UTF-16 in `order`.
            latin1_to_utf16(src: &[u8], dst: &mut [u16], order: crate::ByteOrder) -> Result<usize, crate::OutputTooSmall> =
                crate::generic::portable::latin1_to_utf16;
            /// Latin-1 to UTF-32.
            latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, crate::OutputTooSmall> =
                crate::generic::portable::latin1_to_utf32;
            /// Characters in UTF-8 (bytes that are not continuation bytes).
            count_chars(src: &[u8]) -> usize = crate::generic::portable::count_chars;
            /// UTF-16 units of valid UTF-8.
            utf16_len_from_utf8(src: &[u8]) -> usize = crate::generic::portable::utf16_len_from_utf8;
            /// UTF-8 bytes of valid UTF-16 in `order`.
            utf8_len_from_utf16(src: &[u16], order: crate::ByteOrder) -> usize =
                crate::generic::portable::utf8_len_from_utf16;
            /// UTF-32 values of valid UTF-16 in `order`.
            utf32_len_from_utf16(src: &[u16], order: crate::ByteOrder) -> usize =
                crate::generic::portable::utf32_len_from_utf16;
            /// UTF-8 bytes of valid UTF-32.
            utf8_len_from_utf32(src: &[u32]) -> usize = crate::generic::portable::utf8_len_from_utf32;
            /// UTF-16 units of valid UTF-32.
            utf16_len_from_utf32(src: &[u32]) -> usize = crate::generic::portable::utf16_len_from_utf32;
            /// UTF-8 bytes of Latin-1.
            utf8_len_from_latin1(src: &[u8]) -> usize = crate::generic::portable::utf8_len_from_latin1;
            /// The number of `\n` bytes.
            count_newlines(src: &[u8]) -> usize = crate::generic::portable::count_newlines;
            /// The index of the last `\n`.
            last_newline(src: &[u8]) -> Option<usize> = crate::generic::portable::last_newline;
            /// The length of the run of whole 64-byte chunks at the start of `src`
            /// with no byte `b` where `b - shift >= F0 - shift` (wrapping): the
            /// variants' scan for bytes that need a closer look.
            clean_chunks(src: &[u8], shift: u8) -> usize = crate::generic::portable::clean_chunks;
            /// The length of the run of whole 64-unit chunks at the start of `src`
            /// with no surrogate (and, with `nul`, no zero unit): the CESU-8 /
            /// Modified UTF-8 encoders' scan.
            clean_unit_chunks(src: &[u16], nul: bool) -> usize = crate::generic::portable::clean_unit_chunks;
            /// The CESU-8 (with `nul`, Modified UTF-8) encoder's block path: from
            /// the start of `src` (valid UTF-8, from a character boundary), the
            /// blocks that hold only 4-byte characters and ASCII (with `nul`, no
            /// zero byte) into `dst`: the bytes read (a character boundary) and
            /// written. `(0, 0)` on the scalar kernel; the caller's scalar loop
            /// converts the rest.
            supplementary_to_cesu8(src: &[u8], dst: &mut [u8], nul: bool) -> (usize, usize) =
                crate::generic::portable::supplementary_to_cesu8;
            /// The CESU-8 / Modified UTF-8 decoder's block path: from the start of
            /// `src` (a sequence boundary), the blocks that hold only ASCII other
            /// than 00 and valid surrogate pairs, into `dst` as UTF-8, until a
            /// block without a pair: the bytes read (a sequence boundary) and
            /// written (no more than read). `(0, 0)` on the scalar kernel; the
            /// caller's scalar loop reads the rest.
            cesu8_pairs_to_utf8(src: &[u8], dst: &mut [core::mem::MaybeUninit<u8>]) -> (usize, usize) =
                crate::generic::portable::cesu8_pairs_to_utf8;
            /// One pass over a column's offsets: the first unsound row (decreasing,
            /// negative, past the values) and the first row starting inside a
            /// character, each the number of rows when there is none.
            scan_offsets_i32(values: &[u8], offsets: &[i32]) -> (usize, usize) =
                crate::generic::portable::scan_offsets::<i32>;
            /// As `scan_offsets_i32`, for `i64` offsets.
            scan_offsets_i64(values: &[u8], offsets: &[i64]) -> (usize, usize) =
                crate::generic::portable::scan_offsets::<i64>;
            /// As `scan_offsets_i32`, for `usize` offsets.
            scan_offsets_usize(values: &[u8], offsets: &[usize]) -> (usize, usize) =
                crate::generic::portable::scan_offsets::<usize>;
            /// The row starts of a Latin-1 column converted to UTF-8 in one call, into
            /// `out` (as long as `offsets`; sound offsets), and the total length:
            /// `None` when one does not fit the type.
            latin1_offsets_i32(values: &[u8], offsets: &[i32], out: &mut [i32]) -> Option<usize> =
                crate::generic::columns::latin1_offsets::<i32>;
            /// As `latin1_offsets_i32`, for `i64` offsets.
            latin1_offsets_i64(values: &[u8], offsets: &[i64], out: &mut [i64]) -> Option<usize> =
                crate::generic::columns::latin1_offsets::<i64>;
            /// As `latin1_offsets_i32`, for `usize` offsets.
            latin1_offsets_usize(values: &[u8], offsets: &[usize], out: &mut [usize]) -> Option<usize> =
                crate::generic::columns::latin1_offsets::<usize>;
            /// As `latin1_offsets_i32`, for a UTF-16 column in `order` (even offsets);
            /// `None` also when a row starts with a low surrogate.
            utf16_offsets_i32(values: &[u8], offsets: &[i32], out: &mut [i32], order: crate::ByteOrder) -> Option<usize> =
                crate::generic::columns::utf16_offsets::<i32>;
            /// As `utf16_offsets_i32`, for `i64` offsets.
            utf16_offsets_i64(values: &[u8], offsets: &[i64], out: &mut [i64], order: crate::ByteOrder) -> Option<usize> =
                crate::generic::columns::utf16_offsets::<i64>;
            /// As `utf16_offsets_i32`, for `usize` offsets.
            utf16_offsets_usize(values: &[u8], offsets: &[usize], out: &mut [usize], order: crate::ByteOrder) -> Option<usize> =
                crate::generic::columns::utf16_offsets::<usize>;
            /// The first offset that starts a row inside a character of `values`, or
            /// `offsets.len()`.
            split_offset_i32(values: &[u8], offsets: &[i32]) -> usize = crate::generic::portable::split_offset::<i32>;
            /// As `split_offset_i32`, for `i64` offsets.
            split_offset_i64(values: &[u8], offsets: &[i64]) -> usize = crate::generic::portable::split_offset::<i64>;
            /// As `split_offset_i32`, for `usize` offsets.
            split_offset_usize(values: &[u8], offsets: &[usize]) -> usize =
                crate::generic::portable::split_offset::<usize>;
        }
    };
}
pub(crate) use operations;

/// Derives [`Algorithms`] from the list.
macro_rules! algorithms_trait {
    (() $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        /// One kernel's implementation of every operation: the defaults are the
        /// portable algorithms; a kernel overrides those it has vector code for.
        ///
        /// # Safety (of every function)
        /// The CPU supports the implementation's instruction set.
        pub(crate) trait Algorithms {
            /// True when `validate_utf8` and `check_utf8` take a string shorter
            /// than one vector in a single masked vector (AVX-512): quicker than
            /// the free functions' inline ASCII test, which they then skip.
            const SHORT_UTF8_IN_ONE_VECTOR: bool = false;
            /// True when the conversions to UTF-8 take input shorter than a
            /// 16-unit step in one exact masked step (AVX-512), quicker than
            /// the free functions' out-of-line character loop.
            const SHORT_STEPS_TO_UTF8: bool = false;
            $(
                $(#[$doc])*
                #[inline(always)]
                unsafe fn $name($($arg: $ty),*) -> $ret {
                    $portable($($arg),*)
                }
            )*
        }
    };
}

operations!(algorithms_trait!());
