//! Fuzz target: UTF-32 to UTF-8 and to UTF-16 in every byte order, UTF-32
//! validation and the lengths of UTF-32 input must give exactly what the scalar
//! reference gives, and the reference what std gives.
//!
//! Input: a 3-byte header (output length, alignments, repair; see
//! `utfast_fuzz::Header`), then the values as little-endian groups of four bytes
//! (repaired: made scalar values of widths chosen by their top bits; see
//! `utfast_fuzz::utf32_units`). For every kernel this CPU can run and the free
//! functions it checks `utf32_to_utf8`, `utf32_to_utf16{,le,be}` (result,
//! `written()`, output), `utf32_to_string`, `check_utf32`, `validate_utf32`,
//! `utf8_len_from_utf32` and `utf16_len_from_utf32`; and the reference against
//! `char::from_u32`. The header places each input where it was made or at an
//! alignment it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::reference::transcode as reference;
use utfast_fuzz::*;

fn check(input: &[u32], decoded: &Decoded, header: &Header) {
    check_function! { header, decoded, 4 * input.len(), to_utf8, utf32_to_utf8 => utf32::to_utf8, utf32_to_utf8(input) };
    for order in Order::ALL {
        check_function! {
            header, decoded, 2 * input.len(), to_utf16,
            order, utf32_to_utf16 => utf32::to_utf16, utf32_to_utf16(input)
        };
    }

    // Validation: the position and kind std's decoding implies, and no output.
    let checked = reference::check_utf32(input);
    assert_eq!(
        checked.map_err(|e| e.summary()),
        decoded.check_summary(),
        "reference check_utf32 differs from std's"
    );
    same_answer("check_utf32", checked, |imp| {
        via!(imp, utf32::check, check_utf32(input))
    });
    same_answer("validate_utf32", checked.is_ok(), |imp| {
        via!(imp, utf32::validate, validate_utf32(input))
    });
    for implementation in implementations() {
        let imp = implementation.as_ref();
        let name = label(implementation);
        // Sized by utf8_len_from_utf32: an error is the input's, never the output's.
        match (via!(imp, utf32::to_string, utf32_to_string(input)), checked) {
            (Ok(text), Ok(())) => {
                let std_text = decoded.text().expect("checked input is valid");
                assert_eq!(text, std_text, "{name}: utf32_to_string");
            }
            (Err(e), Err(want)) => {
                assert_eq!(e.kind(), want.kind(), "{name}: utf32_to_string error");
                let at = want.valid_up_to();
                let prefix_len = reference::utf8_len_from_utf32(&input[..at]);
                assert_eq!(
                    (e.valid_up_to(), e.written()),
                    (at, prefix_len),
                    "{name}: utf32_to_string error"
                );
            }
            (got, want) => panic!("{name}: utf32_to_string gave {got:?}, check_utf32 {want:?}"),
        }
    }

    let text = decoded.text();
    check_count! { utf8_len_from_utf32 => utf32::utf8_len, utf8_len_from_utf32(input), text.as_ref().map(|t| t.len()) };
    check_count! { utf16_len_from_utf32 => utf32::utf16_len, utf16_len_from_utf32(input), text.map(|t| t.encode_utf16().count()) };
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let input = utf32_units(payload, header.repair);
    let decoded = Decoded::utf32(&input);
    header.place(&input, |input| check(input, &decoded, &header));
});
