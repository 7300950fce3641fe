//! Fuzz target: UTF-8 to UTF-32 must give exactly what the scalar reference gives,
//! and the reference what std gives.
//!
//! Input: a 3-byte header (output length, alignments, repair; see
//! `utfast_fuzz::Header`), then the UTF-8 bytes (repaired: made valid by
//! `String::from_utf8_lossy`). For every kernel this CPU can run and the free
//! functions it checks `utf8_to_utf32` (result, `written()`, output),
//! `str_to_utf32` when the input is valid, `count_chars`, `utf8_to_utf32_vec` and
//! `str_to_utf32_vec`; and the reference against `std::str::from_utf8` and
//! `str::chars`. The header places each input where it was made or at an alignment
//! it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::reference::transcode as reference;
use utfast_fuzz::*;

fn check(input: &[u8], header: &Header) {
    let decoded = Decoded::utf8(input);
    let text = std::str::from_utf8(input).ok();
    let (len, want) = check_function! { header, &decoded, input.len(), to_utf32, utf8_to_utf32 => utf8::to_utf32, utf8_to_utf32(input) };
    // A &str takes the path that skips validation: same output, same stop.
    if let Some(text) = text {
        for implementation in implementations() {
            let what = format!("{}: str_to_utf32 into {len}", label(implementation));
            let imp = implementation.as_ref();
            let got = run(&what, len, header.output_shift, |out| {
                via!(imp, utf8::str_to_utf32, str_to_utf32(text, out))
            });
            same_summary(&what, &got, &want);
        }
    }

    check_count! { count_chars => utf8::count_chars, count_chars(input), text.map(|t| t.chars().count()) };

    // The Vec forms size their output with count_chars.
    let with_room = run("reference", input.len(), 0, |out| {
        reference::utf8_to_utf32(input, out)
    });
    for implementation in implementations() {
        let imp = implementation.as_ref();
        let name = label(implementation);
        let got = via!(imp, utf8::to_utf32_vec, utf8_to_utf32_vec(input));
        same_vec(
            format!("{name}: utf8_to_utf32_vec"),
            got,
            &with_room.result,
            || {
                let text = text.expect("the reference accepts only what std accepts");
                text.chars().map(u32::from).collect()
            },
        );
        if let Some(text) = text {
            assert_eq!(
                via!(imp, utf8::str_to_utf32_vec, str_to_utf32_vec(text)),
                text.chars().map(u32::from).collect::<Vec<_>>(),
                "{name}: str_to_utf32_vec"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let input = utf8_input(payload, header.repair);
    header.place(&input, |input| check(input, &header));
});
