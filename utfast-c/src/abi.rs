//! The plumbing every exported function shares: C pointer and length pairs
//! checked and made into slices ([`input`], [`output`], [`buffers`]), the
//! library's errors made into a [`utfast_result`], and each body run under
//! `catch_unwind` ([`guard`]) so that no panic crosses into C.
//!
//! Checks made before any byte is read: a NULL pointer with a non-zero length
//! (`UTFAST_NULL_POINTER`); a pointer misaligned for its type, a length whose
//! bytes exceed `isize::MAX`, an input and an output that overlap
//! (`UTFAST_BAD_ARGUMENT`). A NULL pointer with length 0 is an empty slice.
//! What cannot be checked (that the memory is really there) is the caller's
//! promise, stated in each function's `# Safety`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use utfast::utf16::{Utf16Error, Utf16ErrorKind};
use utfast::utf32::{Utf32Error, Utf32ErrorKind};
use utfast::{ByteOrder, Engine, OutputTooSmall, Utf8Error, Utf8ErrorKind};

use crate::types::{utf16_kind, utf32_kind, utf8_kind, utfast_result, utfast_status};

/// A body's answer: a result, or a status that ends the call early.
pub(crate) type Outcome = Result<utfast_result, utfast_status>;

/// Runs `body`: a status it returns early becomes a result with that status,
/// a panic becomes `UTFAST_INTERNAL_ERROR`.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> utfast_result {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(result)) => result,
        Ok(Err(status)) => utfast_result::failed(status),
        Err(_) => utfast_result::failed(utfast_status::UTFAST_INTERNAL_ERROR),
    }
}

/// Runs `body` for a function that returns a plain value, `on_panic` if it
/// panics. (Inlined: no call of its own around every conversion.)
#[inline(always)]
pub(crate) fn guard_value<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(payload) => {
            discard(payload);
            on_panic
        }
    }
}

/// Drops a panic's payload, out of line: dropped in place, it made each C
/// function keep the payload in two more saved registers.
#[cold]
#[inline(never)]
fn discard(payload: Box<dyn std::any::Any + Send>) {
    drop(payload);
}

/// Checks a pointer and length before they become a slice.
#[inline(always)]
fn check<T>(ptr: *const T, len: usize) -> Result<(), utfast_status> {
    if len == 0 {
        return Ok(());
    }
    if ptr.is_null() {
        return Err(utfast_status::UTFAST_NULL_POINTER);
    }
    let fits = len
        .checked_mul(size_of::<T>())
        .is_some_and(|bytes| bytes <= isize::MAX as usize);
    if !fits || !ptr.is_aligned() {
        return Err(utfast_status::UTFAST_BAD_ARGUMENT);
    }
    Ok(())
}

/// The `len` units at `ptr` as a slice (empty when `len` is 0, whatever `ptr`).
///
/// # Safety
///
/// Unless `len` is 0 or `ptr` is NULL, `ptr` must point to `len` initialised
/// units that nothing writes to while the slice lives.
pub(crate) unsafe fn input<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], utfast_status> {
    check(ptr, len)?;
    // SAFETY: `check` passed; the caller promises the units.
    Ok(unsafe { checked(ptr, len) })
}

/// The `len` units at `ptr` as a mutable slice (empty when `len` is 0).
///
/// # Safety
///
/// Unless `len` is 0 or `ptr` is NULL, `ptr` must point to `len` writable units
/// of `T` that nothing else reads or writes while the slice lives. (C's
/// memory holds some value of each integer type `T` here; the library reads no
/// output unit it has not written.)
pub(crate) unsafe fn output<'a, T>(ptr: *mut T, len: usize) -> Result<&'a mut [T], utfast_status> {
    check(ptr.cast_const(), len)?;
    // SAFETY: `check` passed; the caller promises exclusive access.
    Ok(unsafe { checked_mut(ptr, len) })
}

/// Checks two pointer and length pairs, and that the memory they cover does not
/// overlap (checked on the addresses, before any slice exists: an overlapping
/// `&[A]` and `&mut [B]` must never be made).
#[inline(always)]
pub(crate) fn disjoint<A, B>(
    a: *const A,
    a_len: usize,
    b: *const B,
    b_len: usize,
) -> Result<(), utfast_status> {
    if plain_pair(a, a_len, b, b_len) {
        return Ok(());
    }
    disjoint_checked(a, a_len, b, b_len)
}

/// The common case of [`disjoint`]: both buffers non-empty, non-NULL,
/// aligned, apart, each start and size below 2^63 (so that no end wraps
/// around the address space). Anything else takes the slow path, which
/// accepts what is sound.
///
/// Written as tests a compiler makes into one compare-and-branch each (a
/// sign test of each start and length, the low bits of each start): the C
/// functions run this on every call, and every instruction here costs about
/// 0.05 ns of a 64-byte conversion's 7.
#[inline(always)]
fn plain_pair<A, B>(a: *const A, a_len: usize, b: *const B, b_len: usize) -> bool {
    // Positive as `isize`: non-zero (non-NULL), and below 2^63.
    let positive = |x: usize| (x as isize) > 0;
    // Below 2^63 / size: the size in bytes is below 2^63 too.
    let fits = |len: usize, size: usize| size == 1 || len < (isize::MAX as usize) / size;
    let (a_start, b_start) = (a as usize, b as usize);
    if !(positive(a_start) && positive(b_start) && positive(a_len) && positive(b_len)) {
        return false;
    }
    if !(fits(a_len, size_of::<A>()) && fits(b_len, size_of::<B>())) {
        return false;
    }
    if !(a.is_aligned() && b.is_aligned()) {
        return false;
    }
    // Starts and sizes below 2^63: the ends do not wrap.
    let a_end = a_start + a_len * size_of::<A>();
    let b_end = b_start + b_len * size_of::<B>();
    a_end <= b_start || b_end <= a_start
}

/// [`disjoint`] for the other cases, one check at a time.
#[cold]
fn disjoint_checked<A, B>(
    a: *const A,
    a_len: usize,
    b: *const B,
    b_len: usize,
) -> Result<(), utfast_status> {
    check(a, a_len)?;
    check(b, b_len)?;
    if a_len > 0 && b_len > 0 {
        let a_start = a as usize;
        let a_end = a_start.saturating_add(a_len * size_of::<A>());
        let b_start = b as usize;
        let b_end = b_start.saturating_add(b_len * size_of::<B>());
        if a_start < b_end && b_start < a_end {
            return Err(utfast_status::UTFAST_BAD_ARGUMENT);
        }
    }
    Ok(())
}

/// An input and an output buffer, checked not to overlap.
///
/// # Safety
///
/// As [`input`] for `src`, `len` and [`output`] for `dst`, `dst_len`.
#[inline(always)]
pub(crate) unsafe fn buffers<'a, I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
) -> Result<(&'a [I], &'a mut [O]), utfast_status> {
    // Each check made once (this runs on every call of every conversion).
    disjoint(src, len, dst.cast_const(), dst_len)?;
    // SAFETY: `disjoint` checked both pairs as `check` does; the caller
    // promises the memory, and exclusive access to `dst`, which does not
    // overlap `src`.
    unsafe { Ok((checked(src, len), checked_mut(dst, dst_len))) }
}

/// The slice of a pair `check` accepted: `ptr` itself, or when `len` is 0 (and
/// `ptr` may be NULL) a dangling, aligned one, chosen without a branch.
///
/// # Safety
///
/// `check(ptr, len)` passed, and the caller's promise of [`input`] holds.
#[inline(always)]
unsafe fn checked<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    let ptr = if len == 0 {
        std::ptr::NonNull::dangling().as_ptr()
    } else {
        ptr
    };
    // SAFETY: non-NULL and aligned (checked, or dangling for no units), `len`
    // units within `isize::MAX` bytes, there and unchanging by the promise.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// [`checked`] for an output.
///
/// # Safety
///
/// `check(ptr, len)` passed, and the caller's promise of [`output`] holds.
#[inline(always)]
unsafe fn checked_mut<'a, T>(ptr: *mut T, len: usize) -> &'a mut [T] {
    let ptr = if len == 0 {
        std::ptr::NonNull::dangling().as_ptr()
    } else {
        ptr
    };
    // SAFETY: as in `checked`, and nothing else touches the units.
    unsafe { std::slice::from_raw_parts_mut(ptr, len) }
}

/// Runs a conversion from the `len` units at `src` into the `dst_len` units at
/// `dst`: checks the buffers, calls `convert`, and makes its answer (units
/// written, or the result of an error) a `utfast_result`.
///
/// # Safety
///
/// As [`buffers`].
#[inline(always)]
pub(crate) unsafe fn conversion<I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
    convert: impl FnOnce(&[I], &mut [O]) -> Result<usize, utfast_result>,
) -> utfast_result {
    let run = |src: &[I], dst: &mut [O]| converted(src, dst, convert);
    // SAFETY: forwarded from the caller.
    unsafe { with_buffers(src, len, dst, dst_len, run, utfast_result::failed) }
}

/// Input longer than this many units goes from [`routed_conversion`] straight
/// to the chosen kernel.
const KERNEL_FROM: usize = 16;

/// [`conversion`] for a conversion whose free function has a short-input
/// path: in plain buffers (non-empty, apart, aligned), input longer than
/// [`KERNEL_FROM`] units goes straight to the chosen kernel (`kernel`, once
/// the choice is made: [`Engine::chosen`]), shorter input to `free` (the
/// free function, called, not inlined: its short loop is its own frame's);
/// other buffers to [`conversion`], out of line.
///
/// Why: the free function's short-input loop, inlined into a C function,
/// gives it a frame of six saved registers that every call pays, and called
/// out of line it is one more call level than a Rust caller makes (64 ASCII
/// bytes to UTF-16 from C: 1.18 times the Rust call's time, now 1.04-1.09,
/// `scripts/c-calls.sh`). Both paths give the same answer (the free function
/// on long input is that engine).
///
/// # Safety
///
/// As [`buffers`].
#[inline(always)]
pub(crate) unsafe fn routed_conversion<I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
    kernel: impl FnOnce(Engine, &[I], &mut [O]) -> Result<usize, utfast_result>,
    free: impl FnOnce(&[I], &mut [O]) -> Result<usize, utfast_result> + Copy,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    if let Some((src, dst)) = unsafe { plain_slices(src, len, dst, dst_len) } {
        if src.len() > KERNEL_FROM {
            if let Some(engine) = Engine::chosen() {
                return converted(src, dst, |src, dst| kernel(engine, src, dst));
            }
        }
        return converted(src, dst, free);
    }
    // SAFETY: forwarded from the caller.
    unsafe { general_conversion(src, len, dst, dst_len, free) }
}

/// [`conversion`] in a call of its own: the rare paths of
/// [`routed_conversion`], whose frame the common path does not pay.
///
/// # Safety
///
/// As [`buffers`].
#[inline(never)]
unsafe fn general_conversion<I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
    convert: impl FnOnce(&[I], &mut [O]) -> Result<usize, utfast_result>,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { conversion(src, len, dst, dst_len, convert) }
}

/// What the `_written` functions return when they converted nothing: the
/// output was too small, or an argument was refused (the `utfast_result`
/// function of the same conversion says which). The header defines it as
/// `SIZE_MAX` (cbindgen.toml's `after_includes`).
///
/// cbindgen:ignore
pub const UTFAST_NOT_WRITTEN: usize = usize::MAX;

/// [`conversion`] for a conversion that can fail only for want of room, with
/// the units written as its whole answer ([`UTFAST_NOT_WRITTEN`] when `convert`
/// gives `None`, for refused buffers, and on a panic): no `utfast_result` to
/// fill and read back, for callers that convert many short values.
///
/// # Safety
///
/// As [`buffers`].
#[inline(always)]
pub(crate) unsafe fn written<I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
    convert: impl FnOnce(&[I], &mut [O]) -> Option<usize>,
) -> usize {
    let run = |src: &[I], dst: &mut [O]| {
        guard_value(UTFAST_NOT_WRITTEN, || {
            convert(src, dst).unwrap_or(UTFAST_NOT_WRITTEN)
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { with_buffers(src, len, dst, dst_len, run, |_| UTFAST_NOT_WRITTEN) }
}

/// `run` on the buffers as slices, or `refused` with the status that refuses
/// them. The common case inline, with as little around the call as can be
/// (this runs on every call of every conversion); the rest out of line and
/// cold. `run` is called in one place only, so that it is inlined here: no
/// call of its own between the C caller and the library.
///
/// # Safety
///
/// As [`buffers`].
#[inline(always)]
unsafe fn with_buffers<I, O, R>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
    run: impl FnOnce(&[I], &mut [O]) -> R,
    refused: impl FnOnce(utfast_status) -> R,
) -> R {
    // SAFETY (both): forwarded from the caller.
    let slices = match unsafe { plain_slices(src, len, dst, dst_len) } {
        Some(slices) => Ok(slices),
        None => unsafe { buffers_checked(src, len, dst, dst_len) },
    };
    match slices {
        Ok((src, dst)) => run(src, dst),
        Err(status) => refused(status),
    }
}

/// The buffers as slices when [`plain_pair`] accepts them: the common case of
/// [`buffers`], inline (`None`: the caller takes the checked path).
///
/// # Safety
///
/// As [`buffers`].
#[inline(always)]
unsafe fn plain_slices<'a, I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
) -> Option<(&'a [I], &'a mut [O])> {
    if !plain_pair(src, len, dst.cast_const(), dst_len) {
        return None;
    }
    // SAFETY: `plain_pair` checked both pairs as `check` does (non-empty: no
    // dangling pointer needed) and that they do not overlap; the caller
    // promises the memory, and exclusive access to `dst`.
    unsafe {
        Some((
            std::slice::from_raw_parts(src, len),
            std::slice::from_raw_parts_mut(dst, dst_len),
        ))
    }
}

/// [`buffers`] for empty, NULL or refused buffers, out of line.
///
/// # Safety
///
/// As [`buffers`].
#[cold]
#[inline(never)]
unsafe fn buffers_checked<'a, I, O>(
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
) -> Result<(&'a [I], &'a mut [O]), utfast_status> {
    // SAFETY: forwarded from the caller.
    unsafe { buffers(src, len, dst, dst_len) }
}

/// Runs `convert` under [`guard_value`] and makes its answer (units written,
/// or the result of an error) a `utfast_result`.
#[inline(always)]
fn converted<I, O>(
    src: &[I],
    dst: &mut [O],
    convert: impl FnOnce(&[I], &mut [O]) -> Result<usize, utfast_result>,
) -> utfast_result {
    let internal = utfast_result::failed(utfast_status::UTFAST_INTERNAL_ERROR);
    guard_value(internal, || match convert(src, dst) {
        Ok(written) => utfast_result::ok(src.len(), written),
        Err(result) => result,
    })
}

/// The result of a UTF-8 error (from a conversion: `written` as it says). Out
/// of line, so that a conversion's common path is not shaped by it.
#[cold]
#[inline(never)]
pub(crate) fn utf8_error(e: Utf8Error) -> utfast_result {
    match e.kind() {
        Utf8ErrorKind::OutputTooSmall => {
            utfast_result::output_too_small(e.valid_up_to(), e.written())
        }
        kind => utfast_result::invalid(
            e.valid_up_to(),
            e.written(),
            e.error_len().unwrap_or(0),
            utf8_kind(kind),
        ),
    }
}

/// The result of a UTF-16 error on `src` (units in `order`). The library's error
/// has no length: it is 1 unit for an unpaired surrogate, 0 at the end of the
/// input, and the character's units (1 or 2) when it is not Latin-1.
pub(crate) fn utf16_error(e: Utf16Error, src: &[u16], order: ByteOrder) -> utfast_result {
    let at = e.valid_up_to();
    let error_len = match e.kind() {
        Utf16ErrorKind::OutputTooSmall => {
            return utfast_result::output_too_small(at, e.written());
        }
        Utf16ErrorKind::TruncatedAtEnd => 0,
        Utf16ErrorKind::NotLatin1 => match src.get(at).map(|&u| order.read_u16(u)) {
            Some(0xD800..=0xDBFF) => 2,
            _ => 1,
        },
        _ => 1,
    };
    utfast_result::invalid(at, e.written(), error_len, utf16_kind(e.kind()))
}

/// The result of a UTF-32 error: one value is invalid.
pub(crate) fn utf32_error(e: Utf32Error) -> utfast_result {
    match e.kind() {
        Utf32ErrorKind::OutputTooSmall => {
            utfast_result::output_too_small(e.valid_up_to(), e.written())
        }
        kind => utfast_result::invalid(e.valid_up_to(), e.written(), 1, utf32_kind(kind)),
    }
}

/// The result of a full output where the input cannot be invalid.
pub(crate) fn output_too_small(e: OutputTooSmall) -> utfast_result {
    utfast_result::output_too_small(e.read(), e.written())
}

/// A validation's result: `written` is 0 (validation writes nothing).
pub(crate) fn validation(mut result: utfast_result) -> utfast_result {
    result.written = 0;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_with_zero_length_is_empty() {
        // SAFETY: a NULL pointer with length 0 is never dereferenced.
        let slice = unsafe { input::<u16>(std::ptr::null(), 0) }.unwrap();
        assert!(slice.is_empty());
        // SAFETY: as above.
        let error = unsafe { input::<u8>(std::ptr::null(), 1) }.unwrap_err();
        assert_eq!(error, utfast_status::UTFAST_NULL_POINTER);
    }

    #[test]
    fn misaligned_and_overlapping_buffers_are_refused() {
        let mut units = [0u16; 4];
        let odd = units
            .as_mut_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<u16>();
        // SAFETY: `check` refuses the misaligned pointer before any access.
        let error = unsafe { input::<u16>(odd, 1) }.unwrap_err();
        assert_eq!(error, utfast_status::UTFAST_BAD_ARGUMENT);
        let mut bytes = [0u8; 8];
        let p = bytes.as_mut_ptr();
        // SAFETY: both ranges lie within `bytes`; the overlap is refused before
        // any access.
        let error = unsafe { buffers::<u8, u8>(p, 4, p.wrapping_add(3), 4) }.unwrap_err();
        assert_eq!(error, utfast_status::UTFAST_BAD_ARGUMENT);
        // SAFETY: disjoint halves of `bytes`.
        assert!(unsafe { buffers::<u8, u8>(p, 4, p.wrapping_add(4), 4) }.is_ok());
    }

    /// The fast test accepts only pairs the full checks accept, with both
    /// buffers non-empty (it needs no dangling pointer), over starts near 0,
    /// near `isize::MAX` and near the top of the address space, and lengths
    /// near the limits.
    #[test]
    fn the_fast_test_accepts_only_what_the_checks_accept() {
        const MAX: usize = isize::MAX as usize;
        let starts = [
            0,
            1,
            2,
            4096,
            4097,
            MAX - 8,
            MAX - 1,
            MAX,
            MAX + 1,
            usize::MAX - 7,
        ];
        let lens = [
            0,
            1,
            2,
            3,
            4096,
            MAX / 4,
            MAX / 2,
            MAX / 2 + 1,
            MAX,
            usize::MAX,
        ];
        let mut accepted = 0;
        for &a in &starts {
            for &b in &starts {
                for &a_len in &lens {
                    for &b_len in &lens {
                        let (pa, pb) = (a as *const u8, b as *const u16);
                        if plain_pair(pa, a_len, pb, b_len) {
                            accepted += 1;
                            assert!(a_len > 0 && b_len > 0, "{a} {a_len} {b} {b_len}");
                            assert_eq!(disjoint_checked(pa, a_len, pb, b_len), Ok(()));
                        }
                    }
                }
            }
        }
        assert!(accepted > 0);
    }

    #[test]
    fn a_panic_is_an_internal_error() {
        let result = guard(|| panic!("test"));
        assert_eq!(result.status, utfast_status::UTFAST_INTERNAL_ERROR);
    }
}
