//! Fuzz target: RFC 2279 UTF-8 on every kernel must agree with the plain model of
//! `tests/model/variants.rs`, and UCS-4 must round-trip.
//!
//! The first input byte chooses how the rest is read: as RFC 2279 bytes
//! (`check_rfc2279`, `validate_rfc2279`, `rfc2279_to_ucs4_vec` against the model,
//! and re-encoding valid input gives the same bytes), or as little-endian `u32`
//! values (`ucs4_to_rfc2279_vec` against the model encoder, its errors, and
//! decoding back).
#![no_main]

#[path = "../../tests/model/variants.rs"]
mod model;

use libfuzzer_sys::fuzz_target;
use model::{model_error, Form};
use utfast::variant::VariantErrorKind;
use utfast_fuzz::{engines, lazy, utf32_units};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let values: Vec<u32> = utf32_units(rest, false)
        .iter()
        .map(|v| v >> (mode >> 1 & 7))
        .collect();
    let want = model::decode(rest, Form::Rfc2279);
    let first_bad = values
        .iter()
        .position(|&v| (0xD800..0xE000).contains(&v) || v > 0x7FFF_FFFF);
    // The model's encoding of the values (when all are encodable), once for all
    // kernels.
    let model_bytes = (mode & 1 == 1 && first_bad.is_none()).then(|| {
        let mut bytes = Vec::new();
        for &v in &values {
            model::encode(v, &mut bytes);
        }
        bytes
    });
    for e in engines() {
        let kernel = e.kernel();
        if mode & 1 == 0 {
            let what = lazy(|f| write!(f, "{kernel:?} {rest:02X?}"));
            model::assert_checks(e, rest, Form::Rfc2279, &want, &what);
            model::assert_decoded(e.rfc2279_to_ucs4_vec(rest), &want, &what);
            if let Ok(ucs4) = &want {
                assert_eq!(e.ucs4_to_rfc2279_vec(ucs4).unwrap(), rest, "{what}");
            }
        } else {
            let what = lazy(|f| write!(f, "{kernel:?} {values:08X?}"));
            match (e.ucs4_to_rfc2279_vec(&values), first_bad) {
                (Ok(bytes), None) => {
                    assert_eq!(Some(&bytes), model_bytes.as_ref(), "{what}");
                    assert_eq!(e.rfc2279_to_ucs4_vec(&bytes).unwrap(), values, "{what}");
                }
                (Err(err), Some(at)) => {
                    let kind = if values[at] > 0x7FFF_FFFF {
                        VariantErrorKind::ValueTooLarge
                    } else {
                        VariantErrorKind::Surrogate
                    };
                    assert_eq!(model_error(err), (at, Some(1), kind), "{what}");
                }
                (got, want) => panic!("{what}: {got:?}, expected an error at {want:?}"),
            }
        }
    }
});
