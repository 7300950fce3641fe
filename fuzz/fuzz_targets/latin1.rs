//! Fuzz target: Latin-1 to UTF-8, UTF-16 (every byte order) and UTF-32, and UTF-8,
//! UTF-16 (every byte order) and UTF-32 to Latin-1, must give exactly what the
//! scalar reference gives, and the reference what std gives.
//!
//! Input: a 3-byte header (output length, alignments, repair; see
//! `utfast_fuzz::Header`), then the payload. The payload is the Latin-1 input; it
//! is also the UTF-8 input, and, as little-endian pairs and quads, the UTF-16 and
//! UTF-32 input. Repaired, those three are instead `utfast_fuzz::latin1_text` of
//! the payload: text Latin-1 can represent, but for '€' and '😀' where the payload
//! has bytes 81 and 8D. For every kernel this CPU can run and the free functions it
//! checks `latin1_to_utf8`, `latin1_to_utf16{,le,be}`, `latin1_to_utf32`,
//! `utf8_to_latin1`, `utf16{,le,be}_to_latin1`, `utf32_to_latin1` (result,
//! `written()`, output), `latin1_to_string` and `utf8_len_from_latin1`. The header
//! places each input where it was made or at an alignment it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_fuzz::*;

fn check_from_latin1(input: &[u8], header: &Header) {
    let decoded = Decoded::latin1(input);
    check_function! { header, &decoded, 2 * input.len(), to_utf8, latin1_to_utf8 => latin1::to_utf8, latin1_to_utf8(input) };
    for order in Order::ALL {
        check_function! {
            header, &decoded, input.len(), to_utf16,
            order, latin1_to_utf16 => latin1::to_utf16, latin1_to_utf16(input)
        };
    }
    check_function! { header, &decoded, input.len(), to_utf32, latin1_to_utf32 => latin1::to_utf32, latin1_to_utf32(input) };

    let text = decoded.text().expect("Latin-1 is never invalid");
    check_count! { utf8_len_from_latin1 => latin1::utf8_len, utf8_len_from_latin1(input), Some(text.len()) };
    for implementation in implementations() {
        let string = via!(
            implementation.as_ref(),
            latin1::to_string,
            latin1_to_string(input)
        );
        assert_eq!(string, text, "{}: latin1_to_string", label(implementation));
    }
}

fn check_utf8_to_latin1(input: &[u8], header: &Header) {
    let decoded = Decoded::utf8(input);
    check_function! { header, &decoded, input.len(), to_latin1, utf8_to_latin1 => utf8::to_latin1, utf8_to_latin1(input) };
}

fn check_utf16_to_latin1(stored: &[u16], order: Order, decoded: &Decoded, header: &Header) {
    check_function! {
        header, decoded, stored.len(), to_latin1,
        order, utf16_to_latin1 => utf16::to_latin1, utf16_to_latin1(stored)
    };
}

fn check_utf32_to_latin1(input: &[u32], decoded: &Decoded, header: &Header) {
    check_function! { header, decoded, input.len(), to_latin1, utf32_to_latin1 => utf32::to_latin1, utf32_to_latin1(input) };
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    header.place(payload, |input| check_from_latin1(input, &header));

    // UTF-8, UTF-16 and UTF-32 input: from the payload, or text Latin-1 can nearly
    // always represent.
    let text = header.repair.then(|| latin1_text(payload));
    let utf8: Box<[u8]> = match &text {
        Some(text) => text.as_bytes().into(),
        None => payload.into(),
    };
    let utf16: Box<[u16]> = match &text {
        Some(text) => text.encode_utf16().collect(),
        None => utf16_units(payload, false),
    };
    let utf32: Box<[u32]> = match &text {
        Some(text) => text.chars().map(u32::from).collect(),
        None => utf32_units(payload, false),
    };

    header.place(&utf8, |input| check_utf8_to_latin1(input, &header));

    let decoded = Decoded::utf16(&utf16);
    for order in Order::ALL {
        let stored = order.store(&utf16);
        header.place(&stored, |stored| {
            check_utf16_to_latin1(stored, order, &decoded, &header)
        });
    }

    let decoded = Decoded::utf32(&utf32);
    header.place(&utf32, |input| {
        check_utf32_to_latin1(input, &decoded, &header)
    });
});
