//! The examples of the specifications (RFC 3629, the Unicode Standard, Unicode
//! TR #26), one named test each, on every kernel this CPU supports: the encoding
//! examples both ways (UTF-8 <-> UTF-16 and UTF-32), the invalid sequences with
//! their std positions, and what the look-alike encodings make of them.

mod common;

use common::engines;
use utfast::{variant::VariantErrorKind, ByteOrder, ErrorMode, Utf8ErrorKind};

/// `text` (as UTF-16 units) and `bytes` are each other's encodings, both ways, on
/// every kernel, and `bytes` is the same in CESU-8, Modified UTF-8 and WTF-8 when
/// it has no 4-byte sequence.
fn encodes_both_ways(units: &[u16], bytes: &[u8]) {
    let text = String::from_utf16(units).expect("the example is valid UTF-16");
    assert_eq!(text.as_bytes(), bytes, "std agrees");
    let scalars: Vec<u32> = text.chars().map(u32::from).collect();
    for e in engines() {
        let k = e.kernel();
        assert_eq!(e.from_utf8(bytes), Ok(text.as_str()), "{k}");
        assert_eq!(
            e.utf8_to_utf16_vec(bytes, ByteOrder::NATIVE).unwrap(),
            units,
            "{k}: UTF-8 -> UTF-16"
        );
        assert_eq!(
            e.utf16_to_string(units, ByteOrder::NATIVE).unwrap(),
            text,
            "{k}: UTF-16 -> UTF-8"
        );
        assert_eq!(
            e.utf8_to_utf32_vec(bytes).unwrap(),
            scalars,
            "{k}: UTF-8 -> UTF-32"
        );
        assert_eq!(
            e.utf32_to_string(&scalars).unwrap(),
            text,
            "{k}: UTF-32 -> UTF-8"
        );
        assert_eq!(e.from_utf8_lossy(bytes), text, "{k}: lossy of valid text");
        assert_eq!(e.utf16_to_wtf8_vec(units), bytes, "{k}: WTF-8");
        assert_eq!(e.wtf8_to_utf16_vec(bytes).unwrap(), units, "{k}: WTF-8");
        assert_eq!(
            e.rfc2279_to_ucs4_vec(bytes).unwrap(),
            scalars,
            "{k}: RFC 2279"
        );
        if !bytes.iter().any(|&b| b >= 0xF0) {
            assert_eq!(e.cesu8_to_string(bytes).unwrap(), text, "{k}: CESU-8");
            assert_eq!(e.mutf8_to_utf16_vec(bytes).unwrap(), units, "{k}: MUTF-8");
        }
    }
}

#[test]
fn rfc3629_a_not_identical_to_alpha_period() {
    // "A≢Α.": U+0041 U+2262 U+0391 U+002E.
    encodes_both_ways(
        &[0x0041, 0x2262, 0x0391, 0x002E],
        b"\x41\xE2\x89\xA2\xCE\x91\x2E",
    );
}

#[test]
fn rfc3629_korean_word_hangugeo() {
    // 한국어: U+D55C U+AD6D U+C5B4.
    encodes_both_ways(
        &[0xD55C, 0xAD6D, 0xC5B4],
        b"\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4",
    );
}

#[test]
fn rfc3629_japanese_word_nihongo() {
    // 日本語: U+65E5 U+672C U+8A9E.
    encodes_both_ways(
        &[0x65E5, 0x672C, 0x8A9E],
        b"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E",
    );
}

#[test]
fn euro_sign() {
    encodes_both_ways(&[0x20AC], b"\xE2\x82\xAC");
}

#[test]
fn gothic_hwair_is_a_surrogate_pair() {
    // 𐍈 U+10348: the surrogate pair D800 DF48, four bytes of UTF-8, and in
    // CESU-8 the two surrogates' three bytes each.
    encodes_both_ways(&[0xD800, 0xDF48], b"\xF0\x90\x8D\x88");
    for e in engines() {
        let k = e.kernel();
        assert_eq!(&*e.str_to_cesu8("𐍈"), b"\xED\xA0\x80\xED\xBD\x88", "{k}");
        let err = e.check_cesu8(b"\xF0\x90\x8D\x88").unwrap_err();
        assert_eq!(err.kind(), VariantErrorKind::FourByteSequence, "{k}");
    }
}

/// `bytes` is invalid UTF-8 with std's position, length and our kind, on every
/// kernel, and lossy decoding replaces it as std does.
fn invalid(bytes: &[u8], valid_up_to: usize, error_len: Option<usize>, kind: Utf8ErrorKind) {
    let std = std::str::from_utf8(bytes).unwrap_err();
    assert_eq!(
        (std.valid_up_to(), std.error_len()),
        (valid_up_to, error_len)
    );
    for e in engines() {
        let k = e.kernel();
        let err = e.from_utf8(bytes).unwrap_err();
        assert_eq!(
            (err.valid_up_to(), err.error_len(), err.kind()),
            (valid_up_to, error_len, kind),
            "{k}"
        );
        assert!(!e.validate_utf8(bytes), "{k}");
        assert_eq!(
            e.from_utf8_lossy(bytes),
            String::from_utf8_lossy(bytes),
            "{k}"
        );
        assert!(
            e.utf8_to_utf16_vec(bytes, ByteOrder::NATIVE).is_err(),
            "{k}"
        );
    }
}

#[test]
fn overlong_nul_c0_80_is_invalid_but_modified_utf8() {
    invalid(b"\xC0\x80", 0, Some(1), Utf8ErrorKind::Overlong);
    assert_eq!(utfast::from_utf8_lossy(b"\xC0\x80"), "\u{FFFD}\u{FFFD}");
    for e in engines() {
        assert_eq!(e.mutf8_to_string(b"\xC0\x80").unwrap(), "\0");
        assert!(!e.validate_cesu8(b"\xC0\x80"));
    }
}

#[test]
fn encoded_surrogate_ed_a0_80_is_invalid() {
    invalid(b"\xED\xA0\x80", 0, Some(1), Utf8ErrorKind::Surrogate);
    assert_eq!(
        utfast::from_utf8_lossy(b"\xED\xA0\x80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    // WTF-8 holds it: an unpaired U+D800.
    assert_eq!(
        utfast::variant::wtf8_to_utf16_vec(b"\xED\xA0\x80").unwrap(),
        vec![0xD800]
    );
}

#[test]
fn lead_f5_above_the_unicode_range_is_invalid() {
    invalid(b"\xF5\x80\x80\x80", 0, Some(1), Utf8ErrorKind::TooLarge);
    assert_eq!(
        utfast::from_utf8_lossy(b"\xF5\x80\x80\x80"),
        "\u{FFFD}".repeat(4)
    );
    // RFC 2279 read it as U+140000, four bytes.
    assert_eq!(
        utfast::variant::rfc2279_to_ucs4_vec(b"\xF5\x80\x80\x80").unwrap(),
        vec![0x14_0000]
    );
}

#[test]
fn truncated_e4_bd_is_incomplete() {
    invalid(b"\xE4\xBD", 0, None, Utf8ErrorKind::TruncatedAtEnd);
    assert_eq!(utfast::from_utf8_lossy(b"\xE4\xBD"), "\u{FFFD}");
    assert_eq!(utfast::utf8::incomplete_tail_len(b"ok\xE4\xBD"), 2);
    assert_eq!(utfast::utf8::trim_incomplete_tail(b"ok\xE4\xBD"), b"ok");
    // Completed, it is U+4F60 你.
    assert_eq!(utfast::from_utf8(b"\xE4\xBD\xA0"), Ok("你"));
}

#[test]
fn cesu8_pair_is_invalid_utf8_and_u_233b4_as_cesu8() {
    let bytes = b"\xED\xA1\x8C\xED\xBE\xB4";
    invalid(bytes, 0, Some(1), Utf8ErrorKind::Surrogate);
    for e in engines() {
        let k = e.kernel();
        assert_eq!(e.cesu8_to_string(bytes).unwrap(), "\u{233B4}", "{k}");
        assert_eq!(
            e.mutf8_to_utf16_vec(bytes).unwrap(),
            vec![0xD84C, 0xDFB4],
            "{k}"
        );
        assert_eq!(&*e.str_to_cesu8("\u{233B4}"), bytes, "{k}");
        // WTF-8 forbids a pair as two three-byte sequences.
        let err = e.check_wtf8(bytes).unwrap_err();
        assert_eq!(
            (err.valid_up_to(), err.kind()),
            (3, VariantErrorKind::SurrogatePairInWtf8)
        );
    }
}

#[test]
fn overlong_dot_never_makes_a_parent_directory() {
    // "/" C0 AE "./": C0 AE would be an overlong ".", making "/../".
    let bytes = b"\x2F\xC0\xAE\x2E\x2F";
    invalid(bytes, 1, Some(1), Utf8ErrorKind::Overlong);
    for e in engines() {
        for &mode in ErrorMode::ALL {
            if let Ok(text) = e.utf8_to_string_with(bytes, mode) {
                assert!(!text.contains("/../"), "{mode}: {text:?}");
            }
            let units = e.utf8_to_utf16_vec_with(bytes, ByteOrder::NATIVE, mode);
            if let Ok(units) = units {
                let text = String::from_utf16_lossy(&units);
                assert!(!text.contains("/../"), "{mode}: {text:?}");
            }
        }
        assert!(e.cesu8_to_string(bytes).is_err());
        assert!(e.mutf8_to_string(bytes).is_err());
        assert!(e.wtf8_to_utf16_vec(bytes).is_err());
        assert!(e.rfc2279_to_ucs4_vec(bytes).is_err());
    }
}
