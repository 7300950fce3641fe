//! The UTF-8 variants of the specs: CESU-8 (Unicode TR #26) and Java's Modified
//! UTF-8 (file `cesu8.rs`), WTF-8 (`wtf8.rs`) and the legacy RFC 2279 UTF-8 of
//! up to six bytes (`rfc2279.rs`), with the error type they share,
//! [`VariantError`]: validation, and conversion to and from `str` and UTF-16.
//!
//! # The fast path
//!
//! Each variant agrees with UTF-8 almost everywhere, so the common case runs on the
//! engine's UTF-8 kernels: `walk` hands the input to the kernel (validation, or a
//! UTF-8 to UTF-16/UTF-32 transcoder), which stops at the first byte that is not
//! UTF-8; only that *special* sequence (an encoded surrogate, `C0 80`, a 5-byte
//! form, ...) is read by scalar code, and the kernel takes over again right after
//! it. The stretches the kernel accepted are then scanned for the few UTF-8 bytes
//! a variant forbids (the lead bytes `F0`–`F4` of 4-byte sequences in CESU-8 and
//! Modified UTF-8, and `00` in Modified UTF-8) by `find_byte`, a loop the
//! compiler turns into vector max reductions for the CPU's widest vectors. On text
//! without special sequences a variant costs one kernel pass plus that scan.
//!
//! The error positions are documented on [`VariantError`].

mod cesu8;
mod error;
mod rfc2279;
mod walk;
mod wtf8;

pub use self::cesu8::*;
pub use self::error::{VariantError, VariantErrorKind};
pub use self::rfc2279::*;
pub use self::wtf8::*;
