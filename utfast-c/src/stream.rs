//! The streaming transcoder as an opaque handle: the library's
//! `stream::Transcoder` (any two encodings, any error mode, input in chunks cut
//! anywhere, results and absolute error offsets that never depend on the cuts),
//! boxed for C. Create one with `utfast_transcoder_new`, feed it with
//! `utfast_transcoder_convert`, read the details of its last error with
//! `utfast_transcoder_last_error`, and release it with `utfast_transcoder_free`.
//!
//! A handle is used by one thread at a time; it may move between threads.

use utfast::stream::{Status, TranscodeError, TranscodeErrorKind, Transcoder};

use crate::abi::{buffers, guard, guard_value};
use crate::types::{
    bom_handling, encoding, encoding_value, error_mode, transcode_kind, utfast_bom_handling_arg,
    utfast_encoding_arg, utfast_error_mode_arg, utfast_result, utfast_status,
};

/// A streaming transcoder (opaque): create it with `utfast_transcoder_new`,
/// free it with `utfast_transcoder_free`.
pub struct utfast_transcoder {
    transcoder: Transcoder,
    /// The error of the last call that returned `UTFAST_INVALID`.
    last_error: Option<TranscodeError>,
    /// Set while a call runs: a call that panicked leaves it set, and the handle
    /// refuses further work (its state may be half updated).
    busy: bool,
}

/// The details of a streaming error (`utfast_transcoder_last_error`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct utfast_transcode_error {
    /// The absolute byte offset of the bad piece, from the start of the stream
    /// (a byte order mark included). All input before it was converted.
    pub offset: u64,
    /// For `UTFAST_KIND_UNMAPPABLE`, the code point the output encoding cannot
    /// hold; for `UTFAST_KIND_FOREIGN_BOM`, the `utfast_encoding` whose byte
    /// order mark was found; else 0.
    pub detail: u32,
    /// The bytes of the piece, 0 when the input ended inside a character.
    pub error_len: u8,
    /// The `utfast_error_kind`.
    pub kind: u8,
    /// How many of `bytes` are the piece's (at most 8).
    pub bytes_len: u8,
    /// The input bytes of the piece (at most 8 kept).
    pub bytes: [u8; 8],
}

/// A transcoder from `from` to `to` that treats input it cannot convert as
/// `mode` says, with the active kernel; NULL when an argument is out of range.
/// Free it with `utfast_transcoder_free`.
#[no_mangle]
pub extern "C" fn utfast_transcoder_new(
    from: utfast_encoding_arg,
    to: utfast_encoding_arg,
    mode: utfast_error_mode_arg,
) -> *mut utfast_transcoder {
    guard_value(std::ptr::null_mut(), || {
        let (Some(from), Some(to), Some(mode)) = (encoding(from), encoding(to), error_mode(mode))
        else {
            return std::ptr::null_mut();
        };
        Box::into_raw(Box::new(utfast_transcoder {
            transcoder: Transcoder::new(from, to, mode),
            last_error: None,
            busy: false,
        }))
    })
}

/// Sets what the transcoder does with a byte order mark at the start of the
/// input (`UTFAST_BOM_NONE` by default); call it before the first
/// `utfast_transcoder_convert`. False when `t` is NULL or `bom` out of range.
///
/// # Safety
///
/// `t` is NULL or a live handle from `utfast_transcoder_new` that no other
/// thread is using.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_set_bom_handling(
    t: *mut utfast_transcoder,
    bom: utfast_bom_handling_arg,
) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        let (Some(handle), Some(bom)) = (unsafe { t.as_mut() }, bom_handling(bom)) else {
            return false;
        };
        let t = &handle.transcoder;
        let fresh = Transcoder::new(t.from(), t.to(), t.mode());
        let old = std::mem::replace(&mut handle.transcoder, fresh);
        handle.transcoder = old.with_bom_handling(bom);
        true
    })
}

/// Converts as much of the `len` bytes at `src` (in the input encoding) into
/// the `dst_len` bytes at `dst` (in the output encoding) as fits. `last`: no
/// input follows (input that ends inside a character is then an error, or what
/// the mode makes of it).
///
/// `position` is the bytes of `src` taken, `written` the bytes written to
/// `dst`. `UTFAST_OK`: all of `src` was taken (an incomplete character at its
/// end is kept for the next call). `UTFAST_OUTPUT_TOO_SMALL`: call again with
/// more room and `src + position`. `UTFAST_INVALID`: a piece could not be
/// converted (`error_len` bytes, `kind`); `dst` holds the conversion of all
/// before it, the piece counts as taken, and the next call goes on after it;
/// `utfast_transcoder_last_error` gives its absolute offset. A `dst` with 8
/// bytes of room always makes progress; `utfast_transcoder_max_output_len`
/// bytes take all of `src` at once.
///
/// # Safety
///
/// `t` is NULL or a live handle no other thread is using; `src` points to `len`
/// readable bytes and `dst` to `dst_len` writable bytes (either may be NULL when
/// its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_convert(
    t: *mut utfast_transcoder,
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
) -> utfast_result {
    guard(|| {
        // SAFETY: the caller's promise above.
        let handle = unsafe { t.as_mut() }.ok_or(utfast_status::UTFAST_NULL_POINTER)?;
        // SAFETY: the caller's promise above.
        let (src, dst) = unsafe { buffers(src, len, dst, dst_len)? };
        if handle.busy {
            return Err(utfast_status::UTFAST_INTERNAL_ERROR);
        }
        handle.busy = true;
        let progress = handle.transcoder.transcode(src, dst, last);
        handle.busy = false;
        let (read, written) = (progress.read, progress.written);
        Ok(match progress.status {
            Status::InputEmpty => utfast_result::ok(read, written),
            Status::OutputFull => utfast_result::output_too_small(read, written),
            Status::Error(e) => {
                handle.last_error = Some(e);
                let kind = transcode_kind(e.kind());
                utfast_result::invalid(read, written, e.error_len().unwrap_or(0), kind)
            }
            _ => utfast_result::failed(utfast_status::UTFAST_INTERNAL_ERROR),
        })
    })
}

/// Fills `*error` with the details of the last `UTFAST_INVALID` the transcoder
/// returned; false (and `*error` untouched) when there was none, or `t` or
/// `error` is NULL.
///
/// # Safety
///
/// `t` is NULL or a live handle no other thread is using; `error` is NULL or
/// points to a writable `utfast_transcode_error`.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_last_error(
    t: *const utfast_transcoder,
    error: *mut utfast_transcode_error,
) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        let Some(handle) = (unsafe { t.as_ref() }) else {
            return false;
        };
        let Some(e) = handle.last_error else {
            return false;
        };
        if error.is_null() || !error.is_aligned() {
            return false;
        }
        let detail = match e.kind() {
            TranscodeErrorKind::Unmappable(cp) => cp,
            TranscodeErrorKind::ForeignBom(found) => encoding_value(found).map_or(0, |e| e as u32),
            _ => 0,
        };
        let mut bytes = [0u8; 8];
        let piece = &e.bytes()[..e.bytes().len().min(8)];
        bytes[..piece.len()].copy_from_slice(piece);
        let details = utfast_transcode_error {
            offset: e.offset(),
            detail,
            error_len: e.error_len().map_or(0, |n| n.min(255) as u8),
            kind: transcode_kind(e.kind()) as u8,
            bytes_len: piece.len() as u8,
            bytes,
        };
        // SAFETY: `error` is non-NULL and aligned, and the caller promises it
        // points to a writable `utfast_transcode_error`.
        unsafe { error.write(details) };
        true
    })
}

/// The bytes of input the transcoder has taken so far (converted, skipped, or
/// held back); 0 when `t` is NULL.
///
/// # Safety
///
/// `t` is NULL or a live handle no other thread is using.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_input_len(t: *const utfast_transcoder) -> u64 {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { t.as_ref() }.map_or(0, |handle| handle.transcoder.input_len())
    })
}

/// A `dst_len` that always takes all of an `input_len`-byte `src` in one call
/// (output still held from earlier calls included); 0 when `t` is NULL.
///
/// # Safety
///
/// `t` is NULL or a live handle no other thread is using.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_max_output_len(
    t: *const utfast_transcoder,
    input_len: usize,
) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { t.as_ref() }.map_or(0, |h| h.transcoder.max_output_len(input_len))
    })
}

/// Frees a transcoder (NULL is accepted and ignored).
///
/// # Safety
///
/// `t` is NULL or a handle from `utfast_transcoder_new` not freed before; it is
/// not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn utfast_transcoder_free(t: *mut utfast_transcoder) {
    if t.is_null() {
        return;
    }
    guard_value((), || {
        // SAFETY: `t` came from `Box::into_raw` in `utfast_transcoder_new` and
        // is freed once (the caller's promise above).
        drop(unsafe { Box::from_raw(t) });
    });
}
