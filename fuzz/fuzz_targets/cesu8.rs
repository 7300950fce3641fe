//! Fuzz target: CESU-8 and Modified UTF-8 on every kernel must agree with the plain
//! model of `tests/model/variants.rs` (validity, `valid_up_to`, `error_len`, kind,
//! decoded text and UTF-16), and the encoders must round-trip.
//!
//! The first input byte chooses how the rest is read: as CESU-8/MUTF-8 bytes
//! (checked by every decoder), or, read as UTF-16 units, given to the encoders
//! (`utf16_to_cesu8_vec`, `utf16_to_mutf8_vec`, and `str_to_*` when well-formed)
//! whose output must decode back to the same units.
#![no_main]

#[path = "../../tests/model/variants.rs"]
mod model;

use libfuzzer_sys::fuzz_target;
use model::{model_error, Form};
use utfast::ByteOrder;
use utfast::Engine;
use utfast_fuzz::{engines, lazy, utf16_units};

/// The model's decoding of the input in each form, computed once for all kernels.
type Decoded = [(Form, Result<Vec<u32>, model::ModelError>); 2];

fn decode(e: &Engine, bytes: &[u8], decoded: &Decoded) {
    for (form, want) in decoded {
        let form = *form;
        let (text, utf16) = match form {
            Form::Cesu8 => (e.cesu8_to_string(bytes), e.cesu8_to_utf16_vec(bytes)),
            _ => (e.mutf8_to_string(bytes), e.mutf8_to_utf16_vec(bytes)),
        };
        let what = lazy(|f| write!(f, "{:?} {form:?} {bytes:02X?}", e.kernel()));
        model::assert_checks(e, bytes, form, want, &what);
        match &want {
            Ok(values) => {
                let units = model::to_utf16(values);
                assert_eq!(utf16.unwrap(), units, "{what}");
                assert_eq!(text.unwrap(), String::from_utf16(&units).unwrap(), "{what}");
            }
            Err(err) => {
                assert_eq!(utf16.map(|_| ()).map_err(model_error), Err(*err), "{what}");
                assert_eq!(text.map(|_| ()).map_err(model_error), Err(*err), "{what}");
            }
        }
    }
}

/// The model's CESU-8 and MUTF-8 of the units, computed once for all kernels.
type Encoded = [Result<Vec<u8>, usize>; 2];

fn encode(e: &Engine, units: &[u16], encoded: &Encoded) {
    for ((mutf8, got), want) in [
        (false, e.utf16_to_cesu8_vec(units)),
        (true, e.utf16_to_mutf8_vec(units)),
    ]
    .into_iter()
    .zip(encoded)
    {
        let what = lazy(|f| write!(f, "{:?} mutf8={mutf8} {units:04X?}", e.kernel()));
        match (got, want) {
            (Ok(bytes), Ok(want)) => {
                assert_eq!(bytes, *want, "{what}");
                let back = if mutf8 {
                    e.mutf8_to_utf16_vec(&bytes)
                } else {
                    e.cesu8_to_utf16_vec(&bytes)
                };
                assert_eq!(back.unwrap(), units, "{what}");
                let s = String::from_utf16(units).unwrap();
                let from_str = if mutf8 {
                    e.str_to_mutf8(&s)
                } else {
                    e.str_to_cesu8(&s)
                };
                assert_eq!(&*from_str, bytes.as_slice(), "{what}");
            }
            (Err(err), Err(index)) => {
                assert_eq!(err.valid_up_to(), *index, "{what}");
                assert_eq!(
                    err.kind(),
                    utfast::utf16::check(units, ByteOrder::NATIVE)
                        .unwrap_err()
                        .kind(),
                    "{what}"
                );
            }
            (got, want) => panic!("{what}: {got:?} vs model {want:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let units = utf16_units(rest, false);
    if mode & 1 == 0 {
        let decoded = [Form::Cesu8, Form::Mutf8].map(|form| (form, model::decode(rest, form)));
        for e in engines() {
            decode(e, rest, &decoded);
        }
    } else {
        let encoded = [false, true].map(|mutf8| model::utf16_to_cesu8(&units, mutf8));
        for e in engines() {
            encode(e, &units, &encoded);
        }
    }
});
