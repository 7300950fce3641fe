//! Fuzz target: UTF-16 validation and the lengths of UTF-16 input, in every byte
//! order, must give exactly what the scalar reference gives, and the reference what
//! std gives.
//!
//! Input: a 3-byte header (alignment, repair; see `utfast_fuzz::Header`), then the
//! code units as little-endian byte pairs (repaired: spread over character widths,
//! surrogates paired; see `utfast_fuzz::utf16_units`). The same units are stored in
//! each byte order. For every kernel this CPU can run and the free functions it
//! checks `check_utf16{,le,be}` (position, kind, `written()` of 0),
//! `validate_utf16{,le,be}`, `utf8_len_from_utf16{,le,be}` and
//! `utf32_len_from_utf16` (the reference's in every byte order); and the reference
//! against `char::decode_utf16` (first unpaired surrogate; lengths of valid input).
//! The header places each input where it was made or at an alignment it chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::reference::transcode as reference;
use utfast::ByteOrder;
use utfast_fuzz::*;

fn check(stored: &[u16], order: Order, decoded: &Decoded) {
    let byte_order = order.byte_order();
    let suffix = order.suffix();
    let checked = reference::check_utf16(stored, byte_order);
    assert_eq!(
        checked.map_err(|e| e.summary()),
        decoded.check_summary(),
        "reference check_utf16{suffix} differs from std's"
    );
    for implementation in implementations() {
        let imp = implementation.as_ref();
        let name = label(implementation);
        let (got, valid) = match order {
            Order::Native => (
                via!(imp, utf16::check, check_utf16(stored, ByteOrder::NATIVE)),
                via!(
                    imp,
                    utf16::validate,
                    validate_utf16(stored, ByteOrder::NATIVE)
                ),
            ),
            Order::Little => (
                via!(imp, utf16::check, check_utf16(stored, ByteOrder::Little)),
                via!(
                    imp,
                    utf16::validate,
                    validate_utf16(stored, ByteOrder::Little)
                ),
            ),
            Order::Big => (
                via!(imp, utf16::check, check_utf16(stored, ByteOrder::Big)),
                via!(imp, utf16::validate, validate_utf16(stored, ByteOrder::Big)),
            ),
        };
        assert_eq!(got, checked, "{name}: check_utf16{suffix}");
        assert_eq!(valid, checked.is_ok(), "{name}: validate_utf16{suffix}");
    }

    let text = decoded.text();
    check_count! {
        order,
        utf8_len_from_utf16 => utf16::utf8_len, utf8_len_from_utf16(stored),
        text.as_ref().map(|t| t.len())
    };
    // The API has utf32_len_from_utf16 in the machine's byte order only.
    let utf32_len = reference::utf32_len_from_utf16(stored, byte_order);
    if let Some(text) = text {
        assert_eq!(
            utf32_len,
            text.chars().count(),
            "reference utf32_len_from_utf16{suffix}"
        );
    }
    if order == Order::Native {
        same_count("utf32_len_from_utf16", utf32_len, |imp| {
            via!(
                imp,
                utf16::utf32_len,
                utf32_len_from_utf16(stored, ByteOrder::NATIVE)
            )
        });
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let units = utf16_units(payload, header.repair);
    let decoded = Decoded::utf16(&units);
    for order in Order::ALL {
        let stored = order.store(&units);
        header.place(&stored, |stored| check(stored, order, &decoded));
    }
});
