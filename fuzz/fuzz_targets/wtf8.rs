//! Fuzz target: WTF-8 on every kernel must agree with the plain model of
//! `tests/model/variants.rs`, and any UTF-16 must round-trip through WTF-8.
//!
//! The first input byte chooses how the rest is read: as WTF-8 bytes
//! (`check_wtf8`, `validate_wtf8`, `wtf8_to_utf16_vec` against the model), or as
//! UTF-16 units (`utf16_to_wtf8_vec` against the model, valid output, and decoding
//! back to the identical units).
#![no_main]

#[path = "../../tests/model/variants.rs"]
mod model;

use libfuzzer_sys::fuzz_target;
use model::Form;
use utfast_fuzz::{engines, lazy, utf16_units};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let units = utf16_units(rest, false).into_vec();
    // The model's answers, once for all kernels: the decoding of the bytes (and its
    // UTF-16), or the WTF-8 of the units.
    let (want, want_utf16, want_wtf8) = if mode & 1 == 0 {
        let want = model::decode(rest, Form::Wtf8);
        let utf16 = want
            .as_ref()
            .map(|values| model::to_utf16(values))
            .map_err(|e| *e);
        (want, utf16, Vec::new())
    } else {
        (Ok(Vec::new()), Ok(Vec::new()), model::utf16_to_wtf8(&units))
    };
    for e in engines() {
        let kernel = e.kernel();
        if mode & 1 == 0 {
            let what = lazy(|f| write!(f, "{kernel:?} {rest:02X?}"));
            model::assert_checks(e, rest, Form::Wtf8, &want, &what);
            model::assert_decoded(e.wtf8_to_utf16_vec(rest), &want_utf16, &what);
        } else {
            let what = lazy(|f| write!(f, "{kernel:?} {units:04X?}"));
            let wtf8 = e.utf16_to_wtf8_vec(&units);
            assert_eq!(wtf8, want_wtf8, "{what}");
            assert!(e.validate_wtf8(&wtf8), "{what}");
            assert_eq!(e.wtf8_to_utf16_vec(&wtf8).unwrap(), units, "{what}");
        }
    }
});
