//! Fuzz target: UTF-16 in every byte order to UTF-8 and to UTF-32 must give exactly
//! what the scalar reference gives, and the reference what std gives.
//!
//! Input: a 3-byte header (output length, alignments, repair; see
//! `utfast_fuzz::Header`), then the code units as little-endian byte pairs
//! (repaired: spread over character widths, surrogates paired; see
//! `utfast_fuzz::utf16_units`). The same units are stored in each byte order. For
//! every kernel this CPU can run and the free functions it checks
//! `utf16{,le,be}_to_utf8`, `utf16{,le,be}_to_utf32` (result, `written()`, output)
//! and `utf16{,le,be}_to_string`; and the reference against `char::decode_utf16`
//! and `String::from_utf16`. The header places each input where it was made or at
//! an alignment it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::reference::transcode as reference;
use utfast_fuzz::*;

fn check(stored: &[u16], order: Order, decoded: &Decoded, header: &Header) {
    let byte_order = order.byte_order();
    let suffix = order.suffix();
    check_function! {
        header, decoded, 3 * stored.len(), to_utf8,
        order, utf16_to_utf8 => utf16::to_utf8, utf16_to_utf8(stored)
    };
    check_function! {
        header, decoded, stored.len(), to_utf32,
        order, utf16_to_utf32 => utf16::to_utf32, utf16_to_utf32(stored)
    };

    // The String forms size their output with utf8_len_from_utf16: never too small.
    let with_room = run("reference", 3 * stored.len(), 0, |out| {
        reference::utf16_to_utf8(stored, out, byte_order)
    });
    for implementation in implementations() {
        let imp = implementation.as_ref();
        let what = format!("{}: utf16{suffix}_to_string", label(implementation));
        let got = via!(
            imp,
            utf16::to_string,
            utf16_to_string(stored, order.byte_order())
        );
        match (got, with_room.result) {
            (Ok(text), Ok(_)) => {
                let std_text = decoded
                    .text()
                    .expect("the reference accepts only valid UTF-16");
                assert_eq!(text, std_text, "{what}");
            }
            (Err(e), Err(want)) => assert_eq!(e, want, "{what}: error"),
            (got, want) => panic!("{what} gave {got:?}, the reference {want:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let units = utf16_units(payload, header.repair);
    let decoded = Decoded::utf16(&units);
    assert_eq!(
        String::from_utf16(&units).ok(),
        decoded.text(),
        "the model disagrees with String::from_utf16"
    );
    for order in Order::ALL {
        let stored = order.store(&units);
        header.place(&stored, |stored| check(stored, order, &decoded, &header));
    }
});
