//! Reading the argument of `decode` and `validate_utf8` as CPython's
//! `bytes(data)` would: a `bytes` object in place, any other object exporting a
//! C-contiguous buffer through the buffer protocol (bytearray, memoryview,
//! array, numpy), anything else through `bytes(data)` itself (which also raises
//! CPython's `TypeError` for what is not bytes-like). And the views of bytes as
//! 16- and 32-bit code units, copied when the bytes are not aligned for them.

use std::borrow::Cow;

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The bytes of a bytes-like object, held for as long as they are read.
pub enum Input<'py> {
    Bytes(Bound<'py, PyBytes>),
    Buffer(Buffer),
}

/// A buffer exported by an object (`PyObject_GetBuffer`), released on drop.
pub struct Buffer {
    view: Box<ffi::Py_buffer>,
}

impl<'py> Input<'py> {
    /// The bytes `bytes(data)` would hold.
    pub fn new(data: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
        if let Ok(bytes) = data.cast::<PyBytes>() {
            return Ok(Input::Bytes(bytes.clone()));
        }
        match Buffer::get(data) {
            Ok(buffer) => Ok(Input::Buffer(buffer)),
            Err(_) => {
                let bytes = data.py().get_type::<PyBytes>().call1((data,))?;
                Ok(Input::Bytes(bytes.cast_into::<PyBytes>()?))
            }
        }
    }

    pub fn bytes(&self) -> &[u8] {
        match self {
            Input::Bytes(bytes) => bytes.as_bytes(),
            Input::Buffer(buffer) => buffer.bytes(),
        }
    }

    /// The input as a `bytes` object, for CPython's codec.
    pub fn into_bytes(self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        Ok(match self {
            Input::Bytes(bytes) => bytes,
            Input::Buffer(buffer) => PyBytes::new(py, buffer.bytes()),
        })
    }
}

impl Buffer {
    /// `data`'s buffer as plain C-contiguous bytes (`PyBUF_SIMPLE`).
    fn get(data: &Bound<'_, PyAny>) -> PyResult<Buffer> {
        // SAFETY: an all-zero `Py_buffer` is a valid value to pass for filling.
        let mut view: Box<ffi::Py_buffer> = Box::new(unsafe { std::mem::zeroed() });
        // SAFETY: `data` is a live object (we hold a reference and the GIL);
        // `view` is writable memory for one `Py_buffer`.
        let status =
            unsafe { ffi::PyObject_GetBuffer(data.as_ptr(), &mut *view, ffi::PyBUF_SIMPLE) };
        if status != 0 {
            return Err(
                PyErr::take(data.py()).unwrap_or_else(|| PyBufferError::new_err("no buffer"))
            );
        }
        Ok(Buffer { view })
    }

    fn bytes(&self) -> &[u8] {
        let (buf, len) = (self.view.buf as *const u8, self.view.len);
        if buf.is_null() || len <= 0 {
            return &[];
        }
        // SAFETY: a PyBUF_SIMPLE export is `len` contiguous readable bytes at
        // `buf`, valid until released (on drop, after every borrow of self).
        unsafe { std::slice::from_raw_parts(buf, len as usize) }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        // Releasing a buffer needs the GIL: take it (a no-op when held).
        Python::attach(|_| {
            // SAFETY: the view was filled by a successful PyObject_GetBuffer and
            // is released once.
            unsafe { ffi::PyBuffer_Release(&mut *self.view) }
        });
    }
}

// SAFETY: the exported memory stays valid and unmoved until the release, whatever
// thread reads it (the exporter cannot resize while the export lives).
unsafe impl Send for Buffer {}

/// Bytes as code units of `T` (`u16` or `u32`), stored as the bytes are: in
/// place when aligned, else copied. `bytes.len()` is a multiple of the width.
pub fn units<T: Unit>(bytes: &[u8]) -> Cow<'_, [T]> {
    // SAFETY: u16 and u32 (the only `Unit`s) have no invalid bit patterns.
    let (head, units, tail) = unsafe { bytes.align_to::<T>() };
    if head.is_empty() && tail.is_empty() {
        return Cow::Borrowed(units);
    }
    Cow::Owned(bytes.chunks_exact(T::WIDTH).map(T::from_ne).collect())
}

/// A code unit read from native-order bytes.
pub trait Unit: Copy + Clone + Send + Sync + 'static {
    const WIDTH: usize;
    fn from_ne(bytes: &[u8]) -> Self;
}

impl Unit for u16 {
    const WIDTH: usize = 2;
    fn from_ne(bytes: &[u8]) -> u16 {
        u16::from_ne_bytes([bytes[0], bytes[1]])
    }
}

impl Unit for u32 {
    const WIDTH: usize = 4;
    fn from_ne(bytes: &[u8]) -> u32 {
        u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }
}
