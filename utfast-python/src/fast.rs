//! `decode` and `encode` as Python calls them: raw `METH_FASTCALL |
//! METH_KEYWORDS` functions that take the common call themselves — an exact
//! `bytes` or `str`, UTF-8 named (or left out), positional arguments — and pass
//! every other call, its arguments unchanged, to the PyO3 functions that hold
//! the whole contract (`lib.rs`). A call of a few nanoseconds' work (an 8-byte
//! string) is mostly call overhead: PyO3's argument parsing, the codec lookup
//! and a dispatched scan would cost more than CPython's own `bytes.decode`.
//!
//! Each raw function is created with the PyO3 function it falls back to as its
//! `self`, so the fallback is one vectorcall with no lookup. A panic (there is
//! none to expect: the library's conversions do not panic on any input) becomes
//! a `SystemError`, never an unwind across the C boundary.

use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyString};
use utfast::{latin1, utf16, utf32, ByteOrder};

use crate::output::new_str;
use crate::to_str;

/// Strings of at most this many characters are encoded into a buffer on the
/// stack (no length pass) and copied into their `bytes`.
const SHORT_CHARS: usize = 64;

/// The raw function named `name` over `general` (a PyO3 function of the same
/// contract), as a builtin of `module`.
pub fn wrap<'py>(
    module: &Bound<'py, PyModule>,
    general: &Bound<'py, PyCFunction>,
    name: &'static CStr,
    doc: &'static CStr,
    raw: ffi::PyCFunctionFastWithKeywords,
) -> PyResult<Bound<'py, PyAny>> {
    // CPython keeps a pointer to the definition for as long as the function
    // lives: one definition per function, made once per process (module init).
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: raw,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: doc.as_ptr(),
    }));
    let py = module.py();
    let module_name = module.name()?;
    // SAFETY: `def` lives forever; `general` and the module name are live
    // objects (PyCFunction_NewEx takes its own references); a null result is
    // the raised exception.
    unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, general.as_ptr(), module_name.as_ptr()),
        )
    }
}

/// Whether `name` is a `str` that names UTF-8 the way CPython's own fast path
/// knows it (`utf-8`, `utf8`, `utf_8`, in any case).
///
/// # Safety
/// `name` is a live object, the GIL held.
#[inline]
unsafe fn names_utf8(name: *mut ffi::PyObject) -> bool {
    // SAFETY (all calls): `name` is live; an exact compact ASCII `str` has
    // `GET_LENGTH` bytes at `DATA`.
    unsafe {
        if ffi::PyUnicode_CheckExact(name) == 0 || ffi::PyUnicode_IS_COMPACT_ASCII(name) == 0 {
            return false;
        }
        let len = ffi::PyUnicode_GET_LENGTH(name) as usize;
        if !(4..=5).contains(&len) {
            return false;
        }
        let text = std::slice::from_raw_parts(ffi::PyUnicode_DATA(name).cast::<u8>(), len);
        // `utf` in any case, then `8`, `-8` or `_8`.
        let lower = |b: u8| b | 0x20;
        let utf = lower(text[0]) == b'u' && lower(text[1]) == b't' && lower(text[2]) == b'f';
        utf && matches!(text[3..], [b'8'] | [b'-' | b'_', b'8'])
    }
}

/// The call's arguments when they are the common form: `(object, [encoding,
/// [errors]])`, no keywords, the object of exact type `exact`, UTF-8 named or
/// left out, and the handler (never consulted for valid input) a `str`.
///
/// # Safety
/// The arguments as CPython passes them to a `METH_FASTCALL | METH_KEYWORDS`
/// function, the GIL held.
#[inline]
unsafe fn common_call(
    call: Call,
    exact: unsafe fn(*mut ffi::PyObject) -> bool,
) -> Option<*mut ffi::PyObject> {
    if !call.kwnames.is_null() || !(1..=3).contains(&call.nargs) {
        return None;
    }
    // SAFETY: `args` holds `nargs` live objects.
    unsafe {
        let args = std::slice::from_raw_parts(call.args, call.nargs as usize);
        let utf8 = args.get(1).is_none_or(|&name| names_utf8(name));
        let handler = args
            .get(2)
            .is_none_or(|&errors| ffi::PyUnicode_Check(errors) != 0);
        (utf8 && handler && exact(args[0])).then_some(args[0])
    }
}

/// One call as CPython made it: the raw function's `self` (the PyO3 function
/// it falls back to) and the arguments.
#[derive(Clone, Copy)]
struct Call {
    /// `decode` or `encode`, for messages.
    function: &'static str,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
}

impl Call {
    /// The PyO3 function's answer to the same arguments.
    ///
    /// # Safety
    /// As for [`common_call`], `slf` being the function `wrap` gave.
    unsafe fn general(self) -> *mut ffi::PyObject {
        // SAFETY: the caller's promise.
        if let Some((name, value)) = unsafe { self.text_argument_not_str() } {
            // SAFETY: the GIL is held (CPython's call); `value` is live.
            let py = unsafe { Python::assume_attached() };
            let value = unsafe { Bound::from_borrowed_ptr(py, value) };
            let kind = match value.is_none() {
                true => "None".to_owned(),
                false => value
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string()),
            };
            let message = format!(
                "{}() argument '{name}' must be str, not {kind}",
                self.function
            );
            PyTypeError::new_err(message).restore(py);
            return std::ptr::null_mut();
        }
        // SAFETY: `slf` is a live callable; the arguments are passed on as given.
        unsafe { ffi::PyObject_Vectorcall(self.slf, self.args, self.nargs as usize, self.kwnames) }
    }

    /// The first of `encoding` and `errors`, given by position or keyword,
    /// that is not a `str` (`None` included, which CPython refuses as well),
    /// with its name.
    ///
    /// # Safety
    /// As for [`common_call`].
    unsafe fn text_argument_not_str(self) -> Option<(&'static str, *mut ffi::PyObject)> {
        const NAMES: [&str; 2] = ["encoding", "errors"];
        // SAFETY: `args` holds `nargs` positional values, then one per keyword
        // name in `kwnames` (a tuple of `str`), all live.
        unsafe {
            let keywords = match self.kwnames.is_null() {
                true => 0,
                false => ffi::PyTuple_GET_SIZE(self.kwnames) as usize,
            };
            let values = std::slice::from_raw_parts(self.args, self.nargs as usize + keywords);
            let positional =
                (1..self.nargs as usize).filter_map(|i| Some((*NAMES.get(i - 1)?, values[i])));
            let by_keyword = (0..keywords).filter_map(|k| {
                let key = ffi::PyTuple_GET_ITEM(self.kwnames, k as ffi::Py_ssize_t);
                let key = Bound::from_borrowed_ptr(Python::assume_attached(), key);
                let name = NAMES
                    .into_iter()
                    .find(|name| key.eq(*name).unwrap_or(false))?;
                Some((name, values[self.nargs as usize + k]))
            });
            positional
                .chain(by_keyword)
                .find(|&(_, value)| ffi::PyUnicode_Check(value) == 0)
        }
    }

    /// The object `made`; the PyO3 function's answer when the conversion
    /// declined (`None`: the input is invalid); null with the error raised.
    ///
    /// # Safety
    /// As for [`Call::general`].
    unsafe fn answer<T>(
        self,
        py: Python<'_>,
        made: PyResult<Option<Bound<'_, T>>>,
    ) -> *mut ffi::PyObject {
        match made {
            Ok(Some(object)) => object.into_ptr(),
            // SAFETY: the caller's promise.
            Ok(None) => unsafe { self.general() },
            Err(err) => {
                err.restore(py);
                std::ptr::null_mut()
            }
        }
    }
}

/// Exact `bytes`.
unsafe fn exact_bytes(object: *mut ffi::PyObject) -> bool {
    // SAFETY: `object` is live (the caller's promise).
    unsafe { ffi::PyBytes_CheckExact(object) != 0 }
}

/// An exact, compact `str` (its units in place after the header).
unsafe fn exact_str(object: *mut ffi::PyObject) -> bool {
    // SAFETY: `object` is live; IS_COMPACT reads the header of a `str`.
    unsafe { ffi::PyUnicode_CheckExact(object) != 0 && ffi::PyUnicode_IS_COMPACT(object) != 0 }
}

/// A raw `METH_FASTCALL | METH_KEYWORDS` function `$name` that runs
/// `$body(call)` with a panic caught.
macro_rules! entry {
    ($(#[$doc:meta])* $name:ident => $body:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// Called by CPython as a `METH_FASTCALL | METH_KEYWORDS` function.
        pub unsafe extern "C" fn $name(
            slf: *mut ffi::PyObject,
            args: *const *mut ffi::PyObject,
            nargs: ffi::Py_ssize_t,
            kwnames: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            let call = Call { function: stringify!($name), slf, args, nargs, kwnames };
            // SAFETY: CPython's call: the GIL is held and the arguments are live.
            guarded(|| unsafe { $body(call) })
        }
    };
}

entry!(
    /// `decode(data, encoding="utf-8", errors="strict")`, raw.
    decode => decode_call
);

entry!(
    /// `encode(text, encoding="utf-8", errors="strict")`, raw.
    encode => encode_call
);

/// `decode`'s work.
///
/// # Safety
/// As for [`Call::general`].
unsafe fn decode_call(call: Call) -> *mut ffi::PyObject {
    // SAFETY: the caller's promise.
    unsafe {
        let Some(data) = common_call(call, exact_bytes) else {
            return call.general();
        };
        let py = Python::assume_attached();
        // The bytes, read in place (the caller holds `data` for the call).
        let src = std::slice::from_raw_parts(
            ffi::PyBytes_AS_STRING(data).cast::<u8>(),
            ffi::Py_SIZE(data) as usize,
        );
        call.answer(py, utf8_to_str(py, src))
    }
}

/// UTF-8 `src` as a `str`, or `None` when it is invalid: ASCII up to
/// [`SHORT_CHARS`] tested here, the rest by the scan and conversion of `to_str`.
#[inline]
fn utf8_to_str<'py>(py: Python<'py>, src: &[u8]) -> PyResult<Option<Bound<'py, PyString>>> {
    if src.len() <= SHORT_CHARS && src.is_ascii() {
        return new_str(py, src.len(), 0x7F, src.len(), |units| match units {
            crate::output::Units::One(dst) => {
                dst.copy_from_slice(src);
                true
            }
            _ => false,
        });
    }
    to_str::decode(py, crate::codecs::Codec::Utf8, src)
}

/// `encode`'s work.
///
/// # Safety
/// As for [`Call::general`].
unsafe fn encode_call(call: Call) -> *mut ffi::PyObject {
    // SAFETY: the caller's promise; an exact compact `str` has GET_LENGTH units
    // of its KIND at DATA.
    unsafe {
        let Some(text) = common_call(call, exact_str) else {
            return call.general();
        };
        let len = ffi::PyUnicode_GET_LENGTH(text) as usize;
        let data = ffi::PyUnicode_DATA(text);
        if ffi::PyUnicode_IS_ASCII(text) != 0 {
            return ffi::PyBytes_FromStringAndSize(data.cast(), len as ffi::Py_ssize_t);
        }
        if len <= SHORT_CHARS {
            let mut buf = [0u8; 4 * SHORT_CHARS];
            let written = match ffi::PyUnicode_KIND(text) {
                ffi::PyUnicode_1BYTE_KIND => {
                    let units = std::slice::from_raw_parts(data.cast::<u8>(), len);
                    latin1::to_utf8(units, &mut buf).ok()
                }
                ffi::PyUnicode_2BYTE_KIND => {
                    let units = std::slice::from_raw_parts(data.cast::<u16>(), len);
                    // In a `str` each unit is a code point: a surrogate, even
                    // one of a would-be pair, is CPython's error to raise.
                    let surrogate = units.iter().any(|&u| u & 0xF800 == 0xD800);
                    (!surrogate)
                        .then(|| utf16::to_utf8(units, &mut buf, ByteOrder::NATIVE).ok())
                        .flatten()
                }
                _ => {
                    let units = std::slice::from_raw_parts(data.cast::<u32>(), len);
                    utf32::to_utf8(units, &mut buf).ok()
                }
            };
            return match written {
                Some(n) => {
                    ffi::PyBytes_FromStringAndSize(buf.as_ptr().cast(), n as ffi::Py_ssize_t)
                }
                None => call.general(),
            };
        }
        let py = Python::assume_attached();
        let text = Bound::from_borrowed_ptr(py, text).cast_into_unchecked::<PyString>();
        call.answer(
            py,
            crate::to_bytes::encode(py, crate::codecs::Codec::Utf8, &text),
        )
    }
}

/// `work()`, or a `SystemError` raised (and null returned) if it panics.
#[inline(always)]
fn guarded(work: impl FnOnce() -> *mut ffi::PyObject) -> *mut ffi::PyObject {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|_| {
        // SAFETY: the GIL is held (we are in CPython's call); the message is a
        // C string literal.
        unsafe {
            ffi::PyErr_SetString(
                ffi::PyExc_SystemError,
                c"utfast: internal error (a panic); please report it".as_ptr(),
            );
        }
        std::ptr::null_mut()
    })
}
