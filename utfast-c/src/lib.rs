//! # utfast-c
//!
//! The C ABI of utfast: `libutfast_c.a` / `libutfast_c.so`, the header
//! `include/utfast.h` (generated from this crate by cbindgen, checked by
//! `tests/header.rs`) and a pkg-config file, `utfast_c.pc`. Every function is a
//! thin wrapper over the library's own: the answers are the Rust API's (for
//! UTF-8, std's `valid_up_to` and `error_len`), on the same kernels.
//!
//! ```c
//! #include <stdio.h>
//! #include <utfast.h>
//!
//! int main(void) {
//!     const uint8_t text[] = "caf\xC3\xA9 \xE2\x82";   /* "café " and a cut "€" */
//!     uint16_t units[16];
//!     utfast_result r = utfast_utf8_to_utf16le(text, sizeof text - 1, units, 16);
//!     if (r.status == UTFAST_INVALID)
//!         /* position 6, error_len 0 (the input ends inside a character),
//!            kind UTFAST_KIND_TRUNCATED_AT_END; units[0..5] hold "café " */
//!         printf("invalid at %zu (%zu units written)\n", r.position, r.written);
//!     printf("kernel: %s\n", utfast_active_kernel());
//!     return 0;
//! }
//! ```
//!
//! Build: `cargo build --release -p utfast-c`; then
//! `cc app.c $(pkg-config --cflags --libs target/release/utfast_c.pc)` links the
//! shared library, and
//! `cc app.c -Iutfast-c/include target/release/libutfast_c.a -lpthread -ldl -lm`
//! the static one.
//!
//! # Conventions
//!
//! - **Buffers** are a pointer and a length in units of the pointer's type:
//!   bytes for UTF-8, Latin-1 and Windows-1252, `uint16_t` units for UTF-16 (LE
//!   or BE: the order the units are stored in, whatever the machine), `uint32_t`
//!   values in the machine's order for UTF-32. A NULL pointer with length 0 is
//!   an empty buffer; NULL with a non-zero length is `UTFAST_NULL_POINTER`
//!   (`false` or 0 from the functions that return a plain value). A pointer
//!   misaligned for its type, or input and output that overlap, is
//!   `UTFAST_BAD_ARGUMENT`. Nothing is read or written out of bounds, whatever
//!   the lengths.
//! - **Results**: every fallible function returns a `utfast_result` (see its
//!   docs): `status`, `position` (input units consumed, or before the error),
//!   `written` (output units), `error_len` and `kind`. A too-small output is
//!   `UTFAST_OUTPUT_TOO_SMALL` at a character boundary, with `position` and
//!   `written` telling where to go on; output units past `written` may hold
//!   scratch values.
//! - **Values passed in** (`utfast_encoding`, `utfast_error_mode`,
//!   `utfast_bom_handling`) are checked: one out of range is
//!   `UTFAST_BAD_ARGUMENT` (or NULL from `utfast_transcoder_new`).
//! - **No panic crosses the boundary**: each body runs under
//!   `std::panic::catch_unwind`, and a panic (a bug) is
//!   `UTFAST_INTERNAL_ERROR`.
//! - **Threads**: every function may be called from any thread; a transcoder
//!   handle by one thread at a time.
//!
//! # Functions
//!
//! - validation ([`validate`]): `utfast_validate_utf8`, `utfast_check_utf8`
//!   and the same for `utf16le`, `utf16be`, `utf32`;
//! - strict conversions ([`convert`], [`transcoded`]):
//!   `utfast_<from>_to_<to>` between `utf8`, `utf16le`, `utf16be`, `utf32`,
//!   `latin1` and `windows1252`;
//! - conversions under an error mode ([`lossy`]):
//!   `utfast_utf8_to_utf16le_with` and the other `_with` functions, and
//!   `utfast_repair_utf16le`/`be`;
//! - output lengths ([`lengths`]): `utfast_<output>_len_from_<input>`;
//! - streaming ([`stream`]): `utfast_transcoder_new`, `_convert`, `_free`, ...;
//! - columns ([`rows`]): `utfast_validate_utf8_rows`, `utfast_utf8_rows_validity`
//!   and their `_i64` forms;
//! - [`info`]: `utfast_active_kernel`, `utfast_version`.
//!
//! Rust code may also link this crate as an rlib; the items keep
//! their C names.
#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

// The modules in the order of the header's sections (cbindgen writes the items
// in the order it reads them; each is a group of its own so that rustfmt does
// not sort them).
pub mod types;

pub mod validate;

pub mod convert;

pub mod transcoded;

pub mod lossy;

pub mod lengths;

pub mod stream;

pub mod rows;

pub mod info;

mod abi;

pub use types::{
    utfast_bom_handling, utfast_bom_handling_arg, utfast_encoding, utfast_encoding_arg,
    utfast_error_kind, utfast_error_mode, utfast_error_mode_arg, utfast_result, utfast_status,
};
