//! Text columns in other encodings against a per-row model (std where it can
//! decode and encode, a scalar-kernel `Transcoder` otherwise), on every kernel:
//! `decode_binary` and `encode_string` for every encoding and `OnInvalid`, with
//! nulls and both offset sizes.

use arrow_array::{GenericBinaryArray, GenericStringArray, OffsetSizeTrait};
use proptest::prelude::*;
use utfast::{
    rows::RowOffset, stream::Status, stream::Transcoder, Encoding, Engine, ErrorMode, Kernel,
};
use utfast_arrow::{decode_binary_with, encode_string_with, OnInvalid};

const MODES: [OnInvalid; 3] = [OnInvalid::Error, OnInvalid::Null, OnInvalid::Replace];

fn engines() -> Vec<Engine> {
    Kernel::available()
        .map(|k| Engine::new(k).unwrap())
        .collect()
}

/// One row converted alone by the scalar kernel's transcoder: `None` when it
/// cannot be converted.
fn convert(row: &[u8], from: Encoding, to: Encoding, mode: ErrorMode) -> Option<Vec<u8>> {
    let scalar = Engine::new(Kernel::Scalar).unwrap();
    let mut t = Transcoder::with_engine(scalar, from, to, mode);
    let mut out = vec![0; t.max_output_len(row.len())];
    let p = t.transcode(row, &mut out, true);
    (p.status == Status::InputEmpty).then(|| out[..p.written].to_vec())
}

/// The model of a conversion of `rows`: each row's result, or the first bad
/// non-null row. `replace` is what a row that cannot be converted becomes.
fn model(
    rows: &[Option<Vec<u8>>],
    mode: OnInvalid,
    one: impl Fn(&[u8]) -> Option<Vec<u8>>,
    replace: impl Fn(&[u8]) -> Vec<u8>,
) -> Result<Vec<Option<Vec<u8>>>, usize> {
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let Some(bytes) = row else {
            out.push(None);
            continue;
        };
        out.push(match (one(bytes), mode) {
            (Some(converted), _) => Some(converted),
            (None, OnInvalid::Error) => return Err(i),
            (None, OnInvalid::Null) => None,
            (None, OnInvalid::Replace) => Some(replace(bytes)),
        });
    }
    Ok(out)
}

fn check_decode<O: OffsetSizeTrait + RowOffset>(rows: &[Option<Vec<u8>>]) {
    let array = GenericBinaryArray::<O>::from_iter(rows.iter().map(|r| r.as_deref()));
    for encoding in Encoding::ALL {
        for mode in MODES {
            let want = model(
                rows,
                mode,
                |b| convert(b, encoding, Encoding::Utf8, ErrorMode::Strict),
                |b| convert(b, encoding, Encoding::Utf8, ErrorMode::Replace).unwrap(),
            );
            // Std agrees where it decodes: Latin-1 and UTF-16LE.
            if encoding == Encoding::Latin1 {
                let std: Vec<Option<Vec<u8>>> = rows
                    .iter()
                    .map(|r| {
                        r.as_ref().map(|b| {
                            b.iter()
                                .map(|&c| char::from(c))
                                .collect::<String>()
                                .into_bytes()
                        })
                    })
                    .collect();
                assert_eq!(want, Ok(std));
            }
            for engine in engines() {
                let got = decode_binary_with(engine, &array, encoding, mode);
                let got: Result<Vec<Option<Vec<u8>>>, String> = got
                    .map(|a: GenericStringArray<O>| {
                        a.iter().map(|s| s.map(|s| s.as_bytes().to_vec())).collect()
                    })
                    .map_err(|e| e.to_string());
                match (&got, &want) {
                    (Ok(got), Ok(want)) => assert_eq!(
                        got,
                        want,
                        "{}: {encoding} {mode:?} of {rows:02x?}",
                        engine.kernel()
                    ),
                    (Err(got), Err(row)) => assert!(
                        got.starts_with(&format!("Invalid argument error: row {row}: ")),
                        "{got}"
                    ),
                    _ => panic!(
                        "{}: {encoding} {mode:?} of {rows:02x?}: {got:?} vs {want:?}",
                        engine.kernel()
                    ),
                }
            }
        }
    }
}

fn check_encode<O: OffsetSizeTrait + RowOffset>(rows: &[Option<String>]) {
    let array = GenericStringArray::<O>::from_iter(rows.iter().map(|r| r.as_deref()));
    let bytes: Vec<Option<Vec<u8>>> = rows
        .iter()
        .map(|r| r.as_ref().map(|s| s.clone().into_bytes()))
        .collect();
    for encoding in Encoding::ALL {
        for mode in MODES {
            let one = |b: &[u8]| convert(b, Encoding::Utf8, encoding, ErrorMode::Strict);
            // Each character the target lacks becomes '?'.
            let replace = |b: &[u8]| -> Vec<u8> {
                let text = std::str::from_utf8(b).unwrap();
                text.chars()
                    .flat_map(|c| one(c.to_string().as_bytes()).unwrap_or_else(|| b"?".to_vec()))
                    .collect()
            };
            let want = model(&bytes, mode, one, replace);
            if encoding == Encoding::Utf16Le {
                let std: Vec<Option<Vec<u8>>> = rows
                    .iter()
                    .map(|r| {
                        r.as_ref()
                            .map(|s| s.encode_utf16().flat_map(u16::to_le_bytes).collect())
                    })
                    .collect();
                assert_eq!(want, Ok(std));
            }
            for engine in engines() {
                let got = encode_string_with(engine, &array, encoding, mode);
                let got: Result<Vec<Option<Vec<u8>>>, String> = got
                    .map(|a: GenericBinaryArray<O>| {
                        a.iter().map(|s| s.map(<[u8]>::to_vec)).collect()
                    })
                    .map_err(|e| e.to_string());
                match (&got, &want) {
                    (Ok(got), Ok(want)) => assert_eq!(
                        got,
                        want,
                        "{}: {encoding} {mode:?} of {rows:?}",
                        engine.kernel()
                    ),
                    (Err(got), Err(row)) => assert!(
                        got.starts_with(&format!("Invalid argument error: row {row}: ")),
                        "{got}"
                    ),
                    _ => panic!(
                        "{}: {encoding} {mode:?} of {rows:?}: {got:?} vs {want:?}",
                        engine.kernel()
                    ),
                }
            }
        }
    }
}

#[test]
fn fixed_columns() {
    let rows = vec![
        Some(b"plain".to_vec()),
        None,
        Some(b"caf\xE9\x80".to_vec()),
        Some(b"\x00\xD8a\x00".to_vec()),
        Some(vec![]),
        Some(b"\xFF".to_vec()),
    ];
    check_decode::<i32>(&rows);
    check_decode::<i64>(&rows);
    let text = vec![
        Some("plain".into()),
        None,
        Some("café €".into()),
        Some("東京 😀".into()),
        Some(String::new()),
    ];
    check_encode::<i32>(&text);
    check_encode::<i64>(&text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_binary_columns(rows in proptest::collection::vec(
        proptest::option::weighted(0.9, proptest::collection::vec(any::<u8>(), 0..12)), 0..6)) {
        check_decode::<i32>(&rows);
    }

    #[test]
    fn random_string_columns(rows in proptest::collection::vec(
        proptest::option::weighted(0.9, "[a-zé€\u{80}-\u{FF}😀東]{0,6}"), 0..6)) {
        check_encode::<i64>(&rows);
    }
}
