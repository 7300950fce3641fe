//! New `str` and `bytes` objects written in place: a `str` is allocated in its
//! final PEP 393 form (`PyUnicode_New` with the largest character, so Latin-1,
//! UCS-2 or UCS-4 units) and its units written by a utfast kernel; a `bytes`
//! object likewise. Conversions of large inputs run with the GIL released.

use std::cell::RefCell;
use std::thread::LocalKey;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Inputs from this many bytes on are converted with the GIL released (other
/// threads run meanwhile); below, releasing and taking it again (a few
/// microseconds) costs more than a conversion at memory speed takes.
const DETACH_MIN: usize = 1 << 20;

/// The largest scratch vector a thread keeps between calls, in bytes.
const SCRATCH_KEEP: usize = 16 << 20;

thread_local! {
    /// Bytes encoded under an error handler, before they are copied into
    /// their `bytes` object.
    pub static SCRATCH_BYTES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// Characters decoded under `backslashreplace` (UCS-2, UCS-4), before
    /// they are copied into their `str`.
    pub static SCRATCH_UCS2: RefCell<Vec<u16>> = const { RefCell::new(Vec::new()) };
    pub static SCRATCH_UCS4: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Runs `work` on this thread's scratch vector `key`, which is kept for the
/// next call unless it grew past `SCRATCH_KEEP` bytes: a new vector of a
/// megabyte costs a page fault for every 4 KiB it is written (and glibc
/// returns a large freed block to the system each time), more than the
/// conversion itself. The vector is taken out while `work` runs, so a call
/// within it (none is made) would find an empty one, never a borrowed one.
pub fn with_scratch<T: 'static, R>(
    key: &'static LocalKey<RefCell<Vec<T>>>,
    work: impl FnOnce(&mut Vec<T>) -> R,
) -> R {
    let mut scratch = key.with(RefCell::take);
    let result = work(&mut scratch);
    if scratch.capacity() * std::mem::size_of::<T>() <= SCRATCH_KEEP {
        key.with(|cell| cell.replace(scratch));
    }
    result
}

/// `work()`, with the GIL released when `len` is large.
pub fn release_gil_for<T: Send>(py: Python<'_>, len: usize, work: impl FnOnce() -> T + Send) -> T {
    if len >= DETACH_MIN {
        py.detach(work)
    } else {
        work()
    }
}

/// The units of a new `str`: one, two or four bytes each.
pub enum Units<'a> {
    One(&'a mut [u8]),
    Two(&'a mut [u16]),
    Four(&'a mut [u32]),
}

/// A new `str` of `len` characters whose largest is `max` (which must be exact
/// to its kind: below 0x80 for ASCII, else below 0x100, 0x10000, or above), its
/// units written by `fill`, with the GIL released when `input_len` is large.
/// `fill` returns false if it could not write them (the object is dropped).
pub fn new_str<'py>(
    py: Python<'py>,
    len: usize,
    max: u32,
    input_len: usize,
    fill: impl FnOnce(Units<'_>) -> bool + Send,
) -> PyResult<Option<Bound<'py, PyString>>> {
    if len == 0 {
        return Ok(Some(PyString::new(py, "")));
    }
    let size = isize::try_from(len).map_err(|_| pyo3::exceptions::PyMemoryError::new_err(()))?;
    // SAFETY: PyUnicode_New is called with the GIL held; a null result is
    // turned into the raised exception.
    let object = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyUnicode_New(size, max))? };
    // SAFETY: a new compact string of `len` characters: PyUnicode_DATA points at
    // `len` units of the kind `max` chose (1, 2 or 4 bytes, aligned for it),
    // which nothing else reads until it is returned.
    let units = unsafe {
        let data = ffi::PyUnicode_DATA(object.as_ptr());
        match max {
            0..=0xFF => Units::One(std::slice::from_raw_parts_mut(data.cast(), len)),
            0x100..=0xFFFF => Units::Two(std::slice::from_raw_parts_mut(data.cast(), len)),
            _ => Units::Four(std::slice::from_raw_parts_mut(data.cast(), len)),
        }
    };
    let written = release_gil_for(py, input_len, || fill(units));
    // SAFETY: `object` is a `str` (PyUnicode_New made it).
    Ok(written.then(|| unsafe { object.cast_into_unchecked() }))
}

/// A new `str` of at most `bound` characters, UCS-4 when `wide`, else UCS-2,
/// its units written by `fill`, which returns how many (`None`: not written,
/// the object is dropped). The `str` is then cut to that length, or, when its
/// largest character needs a narrower kind (PEP 393 strings are in the
/// narrowest kind that holds them), copied into one of that kind.
pub fn new_str_within<'py>(
    py: Python<'py>,
    bound: usize,
    wide: bool,
    input_len: usize,
    fill: impl FnOnce(Units<'_>) -> Option<usize> + Send,
) -> PyResult<Option<Bound<'py, PyString>>> {
    if bound == 0 {
        return Ok(Some(PyString::new(py, "")));
    }
    let max = if wide { 0x10FFFF } else { 0xFFFF };
    let mut written = None;
    let object = new_str(py, bound, max, input_len, |units| {
        written = fill(units);
        written.is_some()
    })?;
    let (Some(object), Some(len)) = (object, written) else {
        return Ok(None);
    };
    let len = len.min(bound);
    // SAFETY: `object` is the compact `str` just made, of `bound` units of
    // the kind `max` chose, the first `len` of them written: only those are
    // read, while it lives.
    let narrower = unsafe {
        let data = ffi::PyUnicode_DATA(object.as_ptr());
        if wide {
            str_from_units(
                py,
                std::slice::from_raw_parts(data.cast::<u32>(), len),
                0x10FFFF,
            )?
        } else {
            str_from_units(
                py,
                std::slice::from_raw_parts(data.cast::<u16>(), len),
                0xFFFF,
            )?
        }
    };
    if let Some(narrower) = narrower {
        return Ok(Some(narrower));
    }
    let size = isize::try_from(len).map_err(|_| pyo3::exceptions::PyMemoryError::new_err(()))?;
    let mut raw = object.into_ptr();
    // SAFETY: `raw` owns the only reference to a new `str` nothing has
    // hashed or interned, as PyUnicode_Resize requires; it replaces `raw`
    // with the resized object, or releases it and sets it to null on failure.
    unsafe {
        if ffi::PyUnicode_Resize(&mut raw, size) != 0 {
            return Err(PyErr::fetch(py));
        }
        Ok(Some(Bound::from_owned_ptr(py, raw).cast_into_unchecked()))
    }
}

/// A `str` of the characters `units` (lone surrogates included, as a Python
/// `str` may hold them) in the narrowest kind that holds them; `None` when
/// that is the kind whose largest character is `limit` (the units' own `str`,
/// which the caller keeps). With `limit` `u32::MAX` there is always one.
pub fn str_from_units<'py, T: Copy + Ord + Into<u32> + Send + Sync>(
    py: Python<'py>,
    units: &[T],
    limit: u32,
) -> PyResult<Option<Bound<'py, PyString>>> {
    // The units' own maximum, then widened (a reduction that vectorises).
    let top: u32 = units.iter().copied().max().map_or(0, Into::into);
    let max = match top {
        0..=0x7F => 0x7F,
        0x80..=0xFF => 0xFF,
        0x100..=0xFFFF => 0xFFFF,
        _ => 0x10FFFF,
    };
    if max >= limit {
        return Ok(None);
    }
    new_str(py, units.len(), max, 4 * units.len(), |out| {
        match out {
            Units::One(dst) => dst
                .iter_mut()
                .zip(units)
                .for_each(|(d, &v)| *d = v.into() as u8),
            Units::Two(dst) => dst
                .iter_mut()
                .zip(units)
                .for_each(|(d, &v)| *d = v.into() as u16),
            Units::Four(dst) => dst.iter_mut().zip(units).for_each(|(d, &v)| *d = v.into()),
        }
        true
    })
}

/// A new `bytes` object of `len` bytes written by `fill` (false: not written,
/// the object is dropped), with the GIL released when `len` is large.
pub fn new_bytes<'py>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [u8]) -> bool + Send,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let size = isize::try_from(len).map_err(|_| pyo3::exceptions::PyMemoryError::new_err(()))?;
    // SAFETY: with the GIL held; a null result is the raised exception.
    let object = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyBytes_FromStringAndSize(std::ptr::null(), size))?
    };
    // SAFETY: a new bytes object has `len` writable bytes at PyBytes_AS_STRING,
    // which nothing else reads until it is returned.
    let bytes = unsafe {
        std::slice::from_raw_parts_mut(ffi::PyBytes_AsString(object.as_ptr()).cast::<u8>(), len)
    };
    let written = release_gil_for(py, len, || fill(bytes));
    // SAFETY: `object` is a `bytes` (PyBytes_FromStringAndSize made it).
    Ok(written.then(|| unsafe { object.cast_into_unchecked() }))
}

/// Runs `write` on `dst` as 16- or 32-bit units (in place when aligned, else
/// through a copy), which it fills with units stored as the bytes are meant
/// to read; returns what `write` returns.
pub fn with_units<T: crate::input::Unit + Default, R>(
    dst: &mut [u8],
    write: impl FnOnce(&mut [T]) -> R,
) -> R {
    // SAFETY: u16 and u32 have no invalid bit patterns, and every bit pattern of
    // `dst` stays a valid u8.
    let (head, units, tail) = unsafe { dst.align_to_mut::<T>() };
    if head.is_empty() && tail.is_empty() {
        return write(units);
    }
    let mut copy = vec![T::default(); dst.len() / T::WIDTH];
    let written = write(&mut copy);
    // SAFETY: as above, for the copy's units viewed as bytes.
    let bytes = unsafe { copy.align_to::<u8>().1 };
    dst.copy_from_slice(bytes);
    written
}
