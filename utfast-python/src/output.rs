//! New `str` and `bytes` objects written in place: a `str` is allocated in its
//! final PEP 393 form (`PyUnicode_New` with the largest character, so Latin-1,
//! UCS-2 or UCS-4 units) and its units written by a utfast kernel; a `bytes`
//! object likewise. Conversions of large inputs run with the GIL released.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Inputs from this many bytes on are converted with the GIL released (other
/// threads run meanwhile); below, releasing and taking it again (a few
/// microseconds) costs more than a conversion at memory speed takes.
const DETACH_MIN: usize = 1 << 20;

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
