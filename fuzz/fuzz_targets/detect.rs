//! Fuzz target: encoding detection and character boundaries on any bytes.
//!
//! Input: the bytes themselves, no header. For every kernel this CPU can run and
//! the free functions, `detect_encoding` and `detect_encoding_prefix` must give
//! exactly the scalar kernel's answer; the answer must be sound (confidence in
//! 0..=1, a reported byte order mark present, a confident answer, 0.75 or more,
//! decodable by std in its encoding). The boundary functions must agree with a
//! model built on `<[u8]>::utf8_chunks` (the pieces lossy decoding makes), with
//! std's `str::floor_char_boundary`/`ceil_char_boundary` on valid UTF-8, and
//! `incomplete_tail_len` with `str::from_utf8`'s `error_len() == None`.
#![no_main]

#[path = "../../tests/model/boundaries.rs"]
mod boundaries;

use boundaries::lossy_boundaries;
use libfuzzer_sys::fuzz_target;
use utfast::{detect::Detection, Encoding, Engine, Kernel};
use utfast_fuzz::*;

/// Whether std decodes `bytes` in `encoding` without error.
fn decodes(bytes: &[u8], encoding: Encoding) -> bool {
    let utf16 = |read: fn([u8; 2]) -> u16| {
        bytes.len() % 2 == 0
            && char::decode_utf16(bytes.chunks_exact(2).map(|p| read([p[0], p[1]])))
                .all(|c| c.is_ok())
    };
    let utf32 = |read: fn([u8; 4]) -> u32| {
        bytes.len() % 4 == 0
            && bytes
                .chunks_exact(4)
                .all(|p| char::from_u32(read([p[0], p[1], p[2], p[3]])).is_some())
    };
    match encoding {
        Encoding::Utf8 => std::str::from_utf8(bytes).is_ok(),
        Encoding::Utf16Le => utf16(u16::from_le_bytes),
        Encoding::Utf16Be => utf16(u16::from_be_bytes),
        Encoding::Utf32Le => utf32(u32::from_le_bytes),
        Encoding::Utf32Be => utf32(u32::from_be_bytes),
        Encoding::Windows1252 => true,
        other => panic!("detection reported {other}, which it never does"),
    }
}

fn check_detection(data: &[u8], found: Detection, what: &str) {
    assert!(
        (0.0..=1.0).contains(&found.confidence()),
        "{what}: {found:?}"
    );
    let bom = found.bom_len();
    assert!(
        bom == 0 || data.get(..bom) == found.encoding().bom(),
        "{what}: {found:?}"
    );
    if found.confidence() >= 0.75 && what == "detect_encoding" {
        assert!(decodes(&data[bom..], found.encoding()), "{what}: {found:?}");
    }
}

fn check_boundaries(src: &[u8]) {
    let expected = lossy_boundaries(src);
    let text = std::str::from_utf8(src).ok();
    for index in 0..=src.len() + 4 {
        let boundary = utfast::utf8::is_char_boundary(src, index);
        assert_eq!(
            boundary,
            expected.get(index) == Some(&true),
            "is_char_boundary({index})"
        );
        let floor = utfast::utf8::floor_char_boundary(src, index);
        let ceil = utfast::utf8::ceil_char_boundary(src, index);
        let clamped = index.min(src.len());
        assert!(
            floor <= clamped && clamped <= ceil && ceil <= src.len(),
            "{index}"
        );
        assert!(clamped - floor <= 3 && ceil - clamped <= 3, "{index}");
        assert!(expected[floor] && expected[ceil], "{index}: {floor} {ceil}");
        assert!(
            (floor + 1..ceil).all(|i| !expected[i]),
            "{index}: not the nearest"
        );
        if let Some(text) = text {
            assert_eq!(floor, text.floor_char_boundary(index));
            assert_eq!(ceil, text.ceil_char_boundary(index));
        }
    }
    let k = utfast::utf8::incomplete_tail_len(src);
    assert!(k <= 3 && k <= src.len());
    assert_eq!(
        utfast::utf8::trim_incomplete_tail(src),
        &src[..src.len() - k]
    );
    if k > 0 {
        let error = std::str::from_utf8(&src[src.len() - k..]).unwrap_err();
        assert_eq!((error.valid_up_to(), error.error_len()), (0, None));
    }
    match std::str::from_utf8(src) {
        Ok(_) => assert_eq!(k, 0),
        Err(error) if error.error_len().is_none() => {
            assert_eq!(k, src.len() - error.valid_up_to())
        }
        Err(_) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let scalar = Engine::new(Kernel::Scalar).unwrap();
    let whole = scalar.detect_encoding(data);
    let prefix = scalar.detect_encoding_prefix(data);
    check_detection(data, whole, "detect_encoding");
    check_detection(data, prefix, "detect_encoding_prefix");
    if whole.confidence() == 1.0 {
        // Valid after its mark, so valid as a prefix: still certain; the same
        // answer unless FF FE 00 00 fell back to UTF-16LE, since the prefix may
        // be valid UTF-32LE but for its last len % 4 bytes.
        assert_eq!(prefix.confidence(), 1.0, "{prefix:?} for {whole:?}");
        if utfast::detect::bom(data).map(|(_, len)| len) == Some(whole.bom_len()) {
            assert_eq!(prefix, whole);
        }
    }
    same_answer("detect_encoding", whole, |imp| {
        via!(imp, detect::encoding, detect_encoding(data))
    });
    same_answer("detect_encoding_prefix", prefix, |imp| {
        via!(imp, detect::encoding_prefix, detect_encoding_prefix(data))
    });
    check_boundaries(data);
});
