//! Fuzz target: UTF-8 to UTF-16 in every byte order must give exactly what the
//! scalar reference gives, and the reference what std gives.
//!
//! Input: a 3-byte header (output length, alignments, repair; see
//! `utfast_fuzz::Header`), then the UTF-8 bytes (repaired: made valid by
//! `String::from_utf8_lossy`). For every kernel this CPU can run and the free
//! functions it checks `utf8_to_utf16{,le,be}` (result, `written()`, output),
//! `str_to_utf16{,le,be}` when the input is valid, `utf16_len_from_utf8`,
//! `count_chars`, `utf8_to_utf16_vec` and `str_to_utf16_vec`; and the reference
//! against `std::str::from_utf8` and `str::encode_utf16`. The header places each
//! input where it was made or at an alignment it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::reference::transcode as reference;
use utfast::ByteOrder;
use utfast_fuzz::*;

fn check(input: &[u8], header: &Header) {
    let decoded = Decoded::utf8(input);
    let text = std::str::from_utf8(input).ok();
    for order in Order::ALL {
        let (len, want) = check_function! {
            header, &decoded, input.len(), to_utf16,
            order, utf8_to_utf16 => utf8::to_utf16, utf8_to_utf16(input)
        };
        // A &str takes the path that skips validation: same output, same stop.
        let Some(text) = text else { continue };
        for implementation in implementations() {
            let what = format!(
                "{}: str_to_utf16{} into {len}",
                label(implementation),
                order.suffix()
            );
            let imp = implementation.as_ref();
            let got = run(&what, len, header.output_shift, |out| {
                via!(
                    imp,
                    utf8::str_to_utf16,
                    str_to_utf16(text, out, order.byte_order())
                )
            });
            same_summary(&what, &got, &want);
        }
    }

    check_count! { utf16_len_from_utf8 => utf8::utf16_len, utf16_len_from_utf8(input), text.map(|t| t.encode_utf16().count()) };
    check_count! { count_chars => utf8::count_chars, count_chars(input), text.map(|t| t.chars().count()) };

    // The Vec forms size their output with the length functions.
    let with_room = run("reference", input.len(), 0, |out| {
        reference::utf8_to_utf16(input, out, utfast::ByteOrder::NATIVE)
    });
    for implementation in implementations() {
        let imp = implementation.as_ref();
        let name = label(implementation);
        let got = via!(
            imp,
            utf8::to_utf16_vec,
            utf8_to_utf16_vec(input, ByteOrder::NATIVE)
        );
        same_vec(
            format!("{name}: utf8_to_utf16_vec"),
            got,
            &with_room.result,
            || {
                let text = text.expect("the reference accepts only what std accepts");
                text.encode_utf16().collect()
            },
        );
        if let Some(text) = text {
            assert_eq!(
                via!(
                    imp,
                    utf8::str_to_utf16_vec,
                    str_to_utf16_vec(text, ByteOrder::NATIVE)
                ),
                text.encode_utf16().collect::<Vec<_>>(),
                "{name}: str_to_utf16_vec"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let input = utf8_input(payload, header.repair);
    header.place(&input, |input| check(input, &header));
});
