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
use model::Form;
use utfast::{Engine, Kernel, VariantError, VariantErrorKind};
use utfast_fuzz::lazy;

fn tuple(e: VariantError) -> model::ModelError {
    (e.valid_up_to(), e.error_len(), e.kind())
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let values: Vec<u32> = rest
        .chunks_exact(4)
        .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]) >> (mode >> 1 & 7))
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
    for kernel in Kernel::available() {
        let e = Engine::new(kernel).unwrap();
        if mode & 1 == 0 {
            let what = lazy(|f| write!(f, "{kernel:?} {rest:02X?}"));
            let got = e.check_rfc2279(rest).map_err(tuple);
            assert_eq!(got, want.as_ref().map(|_| ()).map_err(|e| *e), "{what}");
            assert_eq!(e.validate_rfc2279(rest), want.is_ok(), "{what}");
            match &want {
                Ok(ucs4) => {
                    assert_eq!(&e.rfc2279_to_ucs4_vec(rest).unwrap(), ucs4, "{what}");
                    assert_eq!(e.ucs4_to_rfc2279_vec(ucs4).unwrap(), rest, "{what}");
                }
                Err(err) => {
                    assert_eq!(e.rfc2279_to_ucs4_vec(rest).map_err(tuple).err(), Some(*err))
                }
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
                    assert_eq!(tuple(err), (at, Some(1), kind), "{what}");
                }
                (got, want) => panic!("{what}: {got:?}, expected an error at {want:?}"),
            }
        }
    }
});
