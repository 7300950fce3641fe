//! CPython's encoding names onto utfast's codecs: a name is whatever
//! `codecs.lookup` accepts, and the codec is the one its canonical name (`.name`)
//! says, so every alias CPython knows works and no other. Lookups are cached per
//! name (CPython's answer for a name never changes once found: the built-in
//! search function comes first).

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyString;
use utfast::ByteOrder;

/// A codec this module converts itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    Utf8,
    Utf16(ByteOrder),
    Utf32(ByteOrder),
    Latin1,
    /// CPython's cp1252: five bytes (81, 8D, 8F, 90, 9D) are undefined.
    Cp1252,
}

/// Names already looked up, and their codec (`None`: one CPython's codec does).
static CACHE: Mutex<Option<HashMap<String, Option<Codec>>>> = Mutex::new(None);

impl Codec {
    /// The codec for the encoding `name`, or `None` for a name this module
    /// leaves to CPython (another codec, or an unknown name: CPython's own call
    /// then raises its `LookupError`).
    pub fn named(name: &Bound<'_, PyString>) -> Option<Codec> {
        let text = name.to_str().ok()?;
        if text == "utf-8" || text == "utf8" {
            return Some(Codec::Utf8);
        }
        // The lock is never held across a call into Python (which may let
        // another thread run and ask too).
        let cached = |cache: &mut Option<HashMap<String, Option<Codec>>>| {
            cache.as_ref().and_then(|map| map.get(text).copied())
        };
        if let Some(codec) = cached(&mut *CACHE.lock().ok()?) {
            return codec;
        }
        let codec = Codec::lookup(name)?;
        let mut cache = CACHE.lock().ok()?;
        cache
            .get_or_insert_with(HashMap::new)
            .insert(text.to_owned(), codec);
        codec
    }

    /// `codecs.lookup(name).name` mapped onto a codec: `Some(None)` for another
    /// codec, `None` when the lookup failed (nothing is cached).
    fn lookup(name: &Bound<'_, PyString>) -> Option<Option<Codec>> {
        let py = name.py();
        let codecs = py.import(pyo3::intern!(py, "codecs")).ok()?;
        let info = codecs.call_method1("lookup", (name,)).ok()?;
        let canonical: String = info.getattr("name").ok()?.extract().ok()?;
        Some(match canonical.as_str() {
            "utf-8" => Some(Codec::Utf8),
            "utf-16-le" => Some(Codec::Utf16(ByteOrder::Little)),
            "utf-16-be" => Some(Codec::Utf16(ByteOrder::Big)),
            "utf-32-le" => Some(Codec::Utf32(ByteOrder::Little)),
            "utf-32-be" => Some(Codec::Utf32(ByteOrder::Big)),
            "iso8859-1" => Some(Codec::Latin1),
            "cp1252" => Some(Codec::Cp1252),
            _ => None,
        })
    }
}
