//! The UTF-8 variants (CESU-8, Modified UTF-8, WTF-8, RFC 2279) on every kernel this
//! CPU supports, against the plain model in `tests/model/variants.rs`, the `cesu8`
//! crate (CESU-8 and Java's form), `char::decode_utf16`, and round trips; with the
//! specs' examples, special sequences at every position of long inputs (vector-block
//! edges) and truncation at every length.

mod common;
#[path = "model/variants.rs"]
mod model;

use common::{cases, engines};
use model::{model_error, Form};
use proptest::prelude::*;
use std::borrow::Cow;
use utfast::{variant::VariantError, variant::VariantErrorKind as Kind, ByteOrder, Engine};

const FORMS: [Form; 4] = [Form::Cesu8, Form::Mutf8, Form::Wtf8, Form::Rfc2279];

/// Every function that reads `form` on engine `e` must agree with the model.
fn agrees(e: &Engine, src: &[u8], form: Form) {
    let want = model::decode(src, form);
    let what = format!("{:?} {form:?} on {src:02X?}", e.kernel());
    model::assert_checks(e, src, form, &want, &what);
    let free = match form {
        Form::Cesu8 => utfast::variant::check_cesu8(src),
        Form::Mutf8 => utfast::variant::check_mutf8(src),
        Form::Wtf8 => utfast::variant::check_wtf8(src),
        Form::Rfc2279 => utfast::variant::check_rfc2279(src),
    };
    assert_eq!(
        free.map_err(model_error),
        model::check_result(&want),
        "free function: {what}"
    );
    let want_err = |r: Result<(), VariantError>| r.map_err(model_error);
    match form {
        Form::Cesu8 | Form::Mutf8 => {
            let (utf16, text) = if form == Form::Cesu8 {
                (e.cesu8_to_utf16_vec(src), e.cesu8_to_string(src))
            } else {
                (e.mutf8_to_utf16_vec(src), e.mutf8_to_string(src))
            };
            match &want {
                Ok(values) => {
                    let units = model::to_utf16(values);
                    assert_eq!(utf16.as_deref(), Ok(units.as_slice()), "to_utf16: {what}");
                    let s = String::from_utf16(&units).expect("the model decodes scalar values");
                    let text = text.expect("valid");
                    assert_eq!(text, s, "to_string: {what}");
                    // Borrowed exactly when the input is UTF-8 already.
                    let borrowed = matches!(text, Cow::Borrowed(_));
                    assert_eq!(borrowed, std::str::from_utf8(src).is_ok(), "Cow: {what}");
                }
                Err(err) => {
                    assert_eq!(utf16.map(|_| ()).map_err(model_error), Err(*err), "{what}");
                    assert_eq!(text.map(|_| ()).map_err(model_error), Err(*err), "{what}");
                }
            }
            // The cesu8 crate accepts any valid UTF-8 as is (4-byte sequences, and 00
            // in the Java form); otherwise it must agree.
            let reference = if form == Form::Cesu8 {
                cesu8::from_cesu8(src)
            } else {
                cesu8::from_java_cesu8(src)
            };
            match (&want, reference) {
                (Ok(values), Ok(s)) => {
                    assert_eq!(s, String::from_utf16(&model::to_utf16(values)).unwrap())
                }
                (Err(_), Err(_)) => {}
                (Err((_, _, kind)), Ok(_)) => {
                    assert!(std::str::from_utf8(src).is_ok(), "cesu8 crate: {what}");
                    assert!(
                        matches!(kind, Kind::FourByteSequence | Kind::NulByte),
                        "{what}"
                    );
                }
                (Ok(_), Err(_)) => panic!("the cesu8 crate rejects {what}"),
            }
        }
        Form::Wtf8 => {
            let utf16 = e.wtf8_to_utf16_vec(src);
            match &want {
                Ok(values) => {
                    let units = model::to_utf16(values);
                    assert_eq!(utf16.as_deref(), Ok(units.as_slice()), "to_utf16: {what}");
                    // The round trip gives the same bytes back.
                    assert_eq!(e.utf16_to_wtf8_vec(&units), src, "round trip: {what}");
                }
                Err(err) => assert_eq!(want_err(utf16.map(|_| ())), Err(*err), "{what}"),
            }
        }
        Form::Rfc2279 => {
            let ucs4 = e.rfc2279_to_ucs4_vec(src);
            match &want {
                Ok(values) => {
                    assert_eq!(ucs4.as_ref(), Ok(values), "to_ucs4: {what}");
                    assert_eq!(e.ucs4_to_rfc2279_vec(values).as_deref(), Ok(src), "{what}");
                }
                Err(err) => assert_eq!(want_err(ucs4.map(|_| ())), Err(*err), "{what}"),
            }
        }
    }
}

fn agrees_everywhere(src: &[u8]) {
    for e in engines() {
        for form in FORMS {
            agrees(&e, src, form);
        }
    }
}

// ---------------------------------------------------------------- spec examples

#[test]
fn cesu8_supplementary_example() {
    // U+233B4 (TR #26): invalid UTF-8, one character as CESU-8 and MUTF-8.
    let bytes = b"\xED\xA1\x8C\xED\xBE\xB4";
    assert!(utfast::from_utf8(bytes).is_err());
    for e in engines() {
        assert_eq!(e.cesu8_to_string(bytes).unwrap(), "\u{233B4}");
        assert_eq!(e.mutf8_to_string(bytes).unwrap(), "\u{233B4}");
        assert_eq!(e.cesu8_to_utf16_vec(bytes).unwrap(), vec![0xD84C, 0xDFB4]);
        assert_eq!(&*e.str_to_cesu8("\u{233B4}"), bytes);
        assert_eq!(&*e.str_to_mutf8("\u{233B4}"), bytes);
        assert_eq!(e.utf16_to_cesu8_vec(&[0xD84C, 0xDFB4]).unwrap(), bytes);
        assert!(e.check_wtf8(bytes).is_err());
        assert!(!e.validate_rfc2279(bytes));
    }
    agrees_everywhere(bytes);
}

#[test]
fn cesu8_ascii_between_supplementary_characters() {
    // The encoder keeps an ASCII byte between two 4-byte characters in its
    // loop over them: every position of one, U+0000 (MUTF-8: C0 80) included,
    // at the ends and near them.
    let texts = [
        "\u{1F600} \u{1F601}",
        "\u{1F600}\0\u{1F601}",
        "a\u{1F600} \u{1F601} \u{1F602}b",
        "\u{1F600} ",
        " \u{1F600}",
        "\u{1F600}  \u{1F601}",
        "\u{1F600} \u{E9}\u{1F601}",
        "\u{1F600}\0",
        "\u{10000} \u{10FFFF}\u{7F}\u{10000}\u{1}\u{10000}",
    ];
    for e in engines() {
        for text in texts {
            assert_eq!(&*e.str_to_cesu8(text), &*cesu8::to_cesu8(text), "{text:?}");
            assert_eq!(
                &*e.str_to_mutf8(text),
                &*cesu8::to_java_cesu8(text),
                "{text:?}"
            );
        }
    }
}

#[test]
fn cesu8_encoding_of_supplementary_text_in_blocks() {
    // The encoders' block path (AVX-512: 32 input bytes a step) against the
    // `cesu8` crate: generated emoji and mixed text cut at every length around
    // the block sizes and started at every offset of a block, and crafted
    // blocks with a 4-byte character cut off at each of the last bytes, a 2-
    // or 3-byte character or U+0000 at each position.
    let mut texts: Vec<String> = Vec::new();
    for script in [utfast::sample::Script::Emoji, utfast::sample::Script::Mixed] {
        let long = utfast::sample::text(script, 4096, utfast::sample::SEED);
        let starts: Vec<usize> = (0..40).filter(|&i| long.is_char_boundary(i)).collect();
        for &start in &starts {
            for len in [33, 40, 64, 65, 97, 160, 1000] {
                let end = (start + len..long.len())
                    .find(|&e| long.is_char_boundary(e))
                    .unwrap_or(long.len());
                texts.push(long[start..end].to_string());
            }
        }
        texts.push(long);
    }
    let emoji = "\u{1F600}\u{10000}\u{10FFFF}\u{1D11E} \u{1F680}\u{20000}\u{E0001}";
    let base: String = emoji.repeat(8);
    for pad in 0..8 {
        // A 4-byte character starting at every byte of the first blocks.
        texts.push(format!("{}{base}", " ".repeat(pad)));
        for (i, odd) in ["\u{E9}", "\u{20AC}", "\0", "\u{7F}"].iter().enumerate() {
            for at in (0..base.len())
                .filter(|&k| base.is_char_boundary(k))
                .step_by(3 + i)
            {
                let mut t = " ".repeat(pad);
                t.push_str(&base[..at]);
                t.push_str(odd);
                t.push_str(&base[at..]);
                texts.push(t);
            }
        }
    }
    for e in engines() {
        for text in &texts {
            assert_eq!(
                &*e.str_to_cesu8(text),
                &*cesu8::to_cesu8(text),
                "{} {text:?}",
                e.kernel()
            );
            assert_eq!(
                &*e.str_to_mutf8(text),
                &*cesu8::to_java_cesu8(text),
                "{} {text:?}",
                e.kernel()
            );
        }
    }
}

#[test]
fn cesu8_decoding_of_pairs_in_blocks() {
    // The decoders' block path (AVX-512: 64 bytes a step; a pair cut off at
    // the end of one is finished, and checked, by the next), entered at the fourth pair
    // in a row: CESU-8 of generated emoji text at every start offset and
    // lengths around the block sizes, and crafted text with each of its first
    // bytes changed, or something inserted before it, into what the path must
    // decline (00, a lone or broken surrogate, a 2- or 3-byte character, C0
    // 80), or cut there; against the model and the `cesu8` crate, both forms.
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let long = utfast::sample::text(utfast::sample::Script::Emoji, 2048, utfast::sample::SEED);
    let starts: Vec<usize> = (0..40).filter(|&i| long.is_char_boundary(i)).collect();
    for &start in &starts {
        for len in [40, 72, 100, 150, 300, 1000] {
            let end = (start + len..long.len())
                .find(|&e| long.is_char_boundary(e))
                .unwrap_or(long.len());
            inputs.push(cesu8::to_cesu8(&long[start..end]).into_owned());
        }
    }
    let emoji = "\u{1F600}\u{10000}\u{10FFFF}\u{1D11E} \u{1F680}\u{20000}\u{E0001}";
    let base = cesu8::to_cesu8(&emoji.repeat(8)).into_owned();
    // Pads that put the pairs at every offset of the 64-byte blocks, and each
    // change at every byte of the first three blocks.
    for pad in [0, 1, 2, 3, 5, 17, 40] {
        let mut padded = b" ".repeat(pad);
        padded.extend_from_slice(&base);
        for at in 0..padded.len().min(230) {
            for byte in [0x00, 0x41, 0x80, 0xA5, 0xB5, 0xED, 0xF0] {
                let mut t = padded.clone();
                t[at] = byte;
                inputs.push(t);
            }
            for insert in [
                &b"\xC0\x80"[..],
                b"\xC3\xA9",
                b"\xE2\x82\xAC",
                b"\xED\xA0\x80",
            ] {
                let mut t = padded[..at].to_vec();
                t.extend_from_slice(insert);
                t.extend_from_slice(&padded[at..]);
                inputs.push(t);
            }
            inputs.push(padded[..at].to_vec());
        }
        inputs.push(padded);
    }
    for e in engines() {
        for src in &inputs {
            agrees(&e, src, Form::Cesu8);
            agrees(&e, src, Form::Mutf8);
        }
    }
}

#[test]
fn mutf8_nul_example() {
    for e in engines() {
        assert_eq!(e.mutf8_to_string(b"\xC0\x80").unwrap(), "\0");
        assert_eq!(e.mutf8_to_utf16_vec(b"\xC0\x80").unwrap(), vec![0]);
        let err = e.check_cesu8(b"\xC0\x80").unwrap_err();
        assert_eq!(model_error(err), (0, Some(1), Kind::Overlong));
        let err = e.check_mutf8(b"a\x00").unwrap_err();
        assert_eq!(model_error(err), (1, Some(1), Kind::NulByte));
        assert!(e.validate_cesu8(b"a\x00"));
        assert_eq!(&*e.str_to_mutf8("a\0b"), b"a\xC0\x80b");
        assert_eq!(&*e.str_to_cesu8("a\0b"), b"a\0b");
        assert_eq!(e.utf16_to_mutf8_vec(&[0x61, 0]).unwrap(), b"a\xC0\x80");
    }
    agrees_everywhere(b"\xC0\x80");
}

#[test]
fn four_byte_example() {
    let gothic = "𐍈".as_bytes();
    assert_eq!(gothic, b"\xF0\x90\x8D\x88");
    for e in engines() {
        let err = e.check_cesu8(gothic).unwrap_err();
        assert_eq!(model_error(err), (0, Some(1), Kind::FourByteSequence));
        assert!(!e.validate_mutf8(gothic));
        assert_eq!(&*e.str_to_cesu8("𐍈"), b"\xED\xA0\x80\xED\xBD\x88");
        assert!(matches!(e.str_to_cesu8("no 4-byte ✓"), Cow::Borrowed(_)));
        assert!(e.validate_wtf8(gothic));
        assert_eq!(e.rfc2279_to_ucs4_vec(gothic).unwrap(), vec![0x10348]);
    }
    assert_eq!(&*cesu8::to_cesu8("𐍈"), b"\xED\xA0\x80\xED\xBD\x88");
    agrees_everywhere(gothic);
}

#[test]
fn wtf8_examples() {
    for e in engines() {
        // A lone high surrogate between two letters.
        assert!(e.validate_wtf8(b"a\xED\xA0\x80b"));
        assert_eq!(
            e.wtf8_to_utf16_vec(b"a\xED\xA0\x80b").unwrap(),
            vec![0x61, 0xD800, 0x62]
        );
        assert_eq!(
            e.utf16_to_wtf8_vec(&[0x61, 0xD800, 0x62]),
            b"a\xED\xA0\x80b"
        );
        // A pair written as 3 + 3 bytes: valid up to the low surrogate.
        let err = e.check_wtf8(b"\xED\xA0\xBD\xED\xB8\x80").unwrap_err();
        assert_eq!(model_error(err), (3, Some(3), Kind::SurrogatePairInWtf8));
        // Low then high is two lone surrogates, valid.
        assert!(e.validate_wtf8(b"\xED\xB8\x80\xED\xA0\xBD"));
        // The pair is one 4-byte sequence.
        assert_eq!(e.utf16_to_wtf8_vec(&[0xD83D, 0xDE00]), "😀".as_bytes());
    }
    agrees_everywhere(b"\xED\xA0\xBD\xED\xB8\x80");
}

#[test]
fn rfc2279_examples() {
    let good: [(&[u8], u32); 5] = [
        (b"\xFC\x84\x80\x80\x80\x80", 0x400_0000),
        (b"\xFD\xBF\xBF\xBF\xBF\xBF", 0x7FFF_FFFF),
        (b"\xF8\x88\x80\x80\x80", 0x20_0000),
        (b"\xF4\x90\x80\x80", 0x11_0000),
        (b"\xF7\xBF\xBF\xBF", 0x1F_FFFF),
    ];
    for e in engines() {
        for (bytes, value) in good {
            assert_eq!(e.rfc2279_to_ucs4_vec(bytes).unwrap(), vec![value]);
            assert_eq!(e.ucs4_to_rfc2279_vec(&[value]).unwrap(), bytes);
            assert!(!e.validate_wtf8(bytes));
        }
        for overlong in [
            &b"\xF8\x80\x80\x80\x80"[..],
            b"\xFC\x80\x80\x80\x80\x80",
            b"\xF0\x80\x80\x80",
        ] {
            let err = e.check_rfc2279(overlong).unwrap_err();
            assert_eq!(model_error(err), (0, Some(1), Kind::Overlong));
        }
        let err = e.check_rfc2279(b"a\xED\xA0\x80").unwrap_err();
        assert_eq!(model_error(err), (1, Some(1), Kind::Surrogate));
        for byte in [0xFE, 0xFF] {
            assert_eq!(
                model_error(e.check_rfc2279(&[byte]).unwrap_err()),
                (0, Some(1), Kind::InvalidByte)
            );
        }
        let err = e.ucs4_to_rfc2279_vec(&[0x41, 0xDABC]).unwrap_err();
        assert_eq!(model_error(err), (1, Some(1), Kind::Surrogate));
        let err = e.ucs4_to_rfc2279_vec(&[0x41, 0x8000_0000]).unwrap_err();
        assert_eq!(model_error(err), (1, Some(1), Kind::ValueTooLarge));
    }
    for (bytes, _) in good {
        agrees_everywhere(bytes);
    }
}

#[test]
fn error_positions_and_display() {
    let e = Engine::active();
    let cases: [(&[u8], model::ModelError); 7] = [
        (b"\xED\xA0\x80", (0, None, Kind::TruncatedAtEnd)),
        (b"\xED\xA0\x80\xED\xB0", (0, None, Kind::TruncatedAtEnd)),
        (
            b"\xED\xA0\x80\xED\xA0\x80",
            (0, Some(3), Kind::UnpairedSurrogate),
        ),
        (b"x\xED\xB0\x80", (1, Some(3), Kind::UnpairedSurrogate)),
        (b"\xED\xA0x", (0, Some(2), Kind::MissingContinuation)),
        (b"\xF5\x80", (0, Some(1), Kind::TooLarge)),
        (b"\x80", (0, Some(1), Kind::UnexpectedContinuation)),
    ];
    for (bytes, want) in cases {
        assert_eq!(
            model_error(e.check_cesu8(bytes).unwrap_err()),
            want,
            "{bytes:02X?}"
        );
        agrees_everywhere(bytes);
    }
    let err = e.check_mutf8(b"ab\xC0").unwrap_err();
    assert_eq!(err.to_string(), "input ends inside a sequence at index 2");
    let err = e.check_cesu8(b"ab\xC0").unwrap_err();
    assert_eq!(err.to_string(), "overlong encoding at index 2 (1 unit)");
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(boxed.to_string().contains("overlong"));
}

// ----------------------------------------------------- long inputs, every position

/// Special sequences of every variant, valid and invalid.
const SPECIALS: &[&[u8]] = &[
    b"\xED\xA1\x8C\xED\xBE\xB4", // a CESU-8 pair
    b"\xC0\x80",                 // MUTF-8 NUL
    b"\x00",
    b"\xF0\x9F\x98\x80", // 4-byte
    b"\xED\xA0\x80",     // lone high surrogate
    b"\xED\xB0\x80",     // lone low surrogate
    b"\xF8\x88\x80\x80\x80",
    b"\xFD\xBF\xBF\xBF\xBF\xBF",
    b"\xF4\x90\x80\x80",
    b"\xFC\x80\x80\x80\x80\x80",
    b"\xFF",
    b"\xE2\x82",
];

/// About 300 bytes of mixed text, so the kernels run several 64-byte blocks.
fn base_text() -> Vec<u8> {
    "ASCII text, then Grüße and 日本語 and more plain words to fill blocks. "
        .repeat(4)
        .into_bytes()
}

#[test]
fn specials_at_every_position() {
    let base = base_text();
    let engines = engines();
    for special in SPECIALS {
        for at in 0..=base.len() {
            if at < base.len() && base[at] & 0xC0 == 0x80 {
                continue; // inside a character: covered by the corruption tests
            }
            let mut input = base[..at].to_vec();
            input.extend_from_slice(special);
            input.extend_from_slice(&base[at..]);
            for e in &engines {
                for form in FORMS {
                    agrees(e, &input, form);
                }
            }
        }
    }
}

#[test]
fn truncation_at_every_length() {
    let mut text = base_text();
    for (k, special) in SPECIALS.iter().enumerate() {
        if k % 2 == 0 {
            text.extend_from_slice(special);
        }
        text.extend_from_slice("é ok".as_bytes());
    }
    for (k, special) in SPECIALS.iter().enumerate() {
        if k % 2 == 1 {
            text.extend_from_slice(special);
        }
    }
    let engines = engines();
    for len in 0..=text.len() {
        for e in &engines {
            for form in FORMS {
                agrees(e, &text[..len], form);
            }
        }
    }
}

// ---------------------------------------------------------------- property tests

/// Bytes built from pieces that matter to the variants.
fn variant_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => "[ -~]{1,40}".prop_map(String::into_bytes),
        2 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        2 => (0xD800u32..0xE000).prop_map(|u| {
            let mut v = Vec::new();
            model::encode(u, &mut v);
            v
        }),
        1 => Just(b"\xC0\x80".to_vec()),
        1 => Just(b"\x00".to_vec()),
        1 => (0u32..0x8000_0000).prop_map(|u| {
            let mut v = Vec::new();
            model::encode(u, &mut v);
            v
        }),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(500)))]

    #[test]
    fn variants_match_the_model(bytes in variant_bytes()) {
        agrees_everywhere(&bytes);
    }

    #[test]
    fn random_bytes_match_the_model(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        agrees_everywhere(&bytes);
    }

    #[test]
    fn cesu8_forms_match_the_cesu8_crate(s in "\\PC{0,80}|[\\u{0}-\\u{7F}\\u{10000}-\\u{10FFFF}]{0,40}") {
        let units: Vec<u16> = s.encode_utf16().collect();
        for e in engines() {
            let cesu = e.str_to_cesu8(&s);
            prop_assert_eq!(&*cesu, &*cesu8::to_cesu8(&s));
            prop_assert_eq!(matches!(cesu, Cow::Borrowed(_)), !s.chars().any(|c| c > '\u{FFFF}'));
            let java = e.str_to_mutf8(&s);
            prop_assert_eq!(&*java, &*cesu8::to_java_cesu8(&s));
            prop_assert_eq!(e.utf16_to_cesu8_vec(&units).unwrap(), cesu.to_vec());
            prop_assert_eq!(e.utf16_to_mutf8_vec(&units).unwrap(), java.to_vec());
            prop_assert_eq!(e.cesu8_to_string(&cesu).unwrap(), s.as_str());
            prop_assert_eq!(e.mutf8_to_string(&java).unwrap(), s.as_str());
            prop_assert_eq!(e.cesu8_to_utf16_vec(&cesu).unwrap(), units.clone());
            prop_assert_eq!(e.mutf8_to_utf16_vec(&java).unwrap(), units.clone());
            prop_assert!(e.validate_mutf8(&java));
        }
    }

    #[test]
    fn utf16_encoders_match_the_model(units in prop::collection::vec(
        prop_oneof![4 => 0u16..0x80, 2 => any::<u16>(), 2 => 0xD800u16..0xE000], 0..150)) {
        for e in engines() {
            for (nul, got) in [(false, e.utf16_to_cesu8_vec(&units)), (true, e.utf16_to_mutf8_vec(&units))] {
                match (got, model::utf16_to_cesu8(&units, nul)) {
                    (Ok(bytes), Ok(want)) => prop_assert_eq!(bytes, want),
                    (Err(err), Err(index)) => {
                        prop_assert_eq!(err.valid_up_to(), index);
                        let std = utfast::utf16::check(&units, ByteOrder::NATIVE).unwrap_err();
                        prop_assert_eq!(err.kind(), std.kind());
                    }
                    (got, want) => prop_assert!(false, "{:?} vs model {:?}", got, want),
                }
            }
            // WTF-8: any units round-trip.
            let wtf8 = e.utf16_to_wtf8_vec(&units);
            prop_assert_eq!(&wtf8, &model::utf16_to_wtf8(&units));
            prop_assert!(e.validate_wtf8(&wtf8));
            prop_assert_eq!(e.wtf8_to_utf16_vec(&wtf8).unwrap(), units.clone());
            if let Ok(s) = String::from_utf16(&units) {
                prop_assert_eq!(wtf8.as_slice(), s.as_bytes());
            }
        }
    }

    #[test]
    fn rfc2279_round_trips(values in prop::collection::vec(prop_oneof![
        3 => 0u32..0x80,
        2 => 0u32..0x11_0000,
        2 => 0u32..0x8000_0000,
        1 => any::<u32>(),
    ], 0..100)) {
        let first_bad = values.iter().position(|&v| (0xD800..0xE000).contains(&v) || v > 0x7FFF_FFFF);
        for e in engines() {
            match (e.ucs4_to_rfc2279_vec(&values), first_bad) {
                (Ok(bytes), None) => {
                    let mut want = Vec::new();
                    for &v in &values {
                        model::encode(v, &mut want);
                    }
                    prop_assert_eq!(&bytes, &want);
                    prop_assert!(e.validate_rfc2279(&bytes));
                    prop_assert_eq!(e.rfc2279_to_ucs4_vec(&bytes).unwrap(), values.clone());
                }
                (Err(err), Some(at)) => {
                    prop_assert_eq!(err.valid_up_to(), at);
                    let kind = if values[at] > 0x7FFF_FFFF { Kind::ValueTooLarge } else { Kind::Surrogate };
                    prop_assert_eq!(err.kind(), kind);
                }
                (got, want) => prop_assert!(false, "{:?}, expected error at {:?}", got, want),
            }
        }
    }
}
