//! Column conversion between encodings against the per-row model on every
//! kernel: each row converted alone by a scalar-kernel `Transcoder` (and, for
//! the pairs std can do, by std), for every pair and mode; the null-on-invalid
//! variant; unsound offsets.

mod common;

use common::{cases, engines};
use proptest::prelude::*;
use utfast::{
    rows::RowOffset, stream::Status, stream::Transcoder, Encoding, Engine, ErrorMode, Kernel,
};

/// One row converted alone by the model: the scalar kernel's transcoder, the
/// whole row at once. `Err` is the error's offset in the row.
fn model_row(row: &[u8], from: Encoding, to: Encoding, mode: ErrorMode) -> Result<Vec<u8>, u64> {
    let mut t = Transcoder::with_engine(Engine::new(Kernel::Scalar).unwrap(), from, to, mode);
    let mut out = vec![0; t.max_output_len(row.len())];
    let p = t.transcode(row, &mut out, true);
    match p.status {
        Status::Error(e) => Err(e.offset()),
        status => {
            assert_eq!((p.read, status), (row.len(), Status::InputEmpty));
            out.truncate(p.written);
            Ok(out)
        }
    }
}

fn rows_of<O: RowOffset>(values: &[u8], offsets: &[O]) -> Vec<Vec<u8>> {
    offsets
        .windows(2)
        .map(|w| values[w[0].to_usize().unwrap()..w[1].to_usize().unwrap()].to_vec())
        .collect()
}

/// Every engine's column conversions of a sound column equal the per-row model,
/// in every mode, and with null for rows that cannot be converted.
fn check_pair<O: RowOffset + std::fmt::Debug>(
    values: &[u8],
    offsets: &[O],
    from: Encoding,
    to: Encoding,
) {
    let rows = rows_of(values, offsets);
    for engine in engines() {
        let k = engine.kernel();
        for &mode in ErrorMode::ALL {
            let want: Result<Vec<Vec<u8>>, (usize, u64)> = rows
                .iter()
                .enumerate()
                .map(|(i, r)| model_row(r, from, to, mode).map_err(|at| (i, at)))
                .collect();
            let got = engine.convert_rows(values, offsets, from, to, mode);
            match (got, want) {
                (Ok(got), Ok(want)) => {
                    assert_eq!(got.len(), want.len());
                    assert_eq!(got.offsets()[0].to_usize(), Some(0));
                    let got_rows: Vec<Vec<u8>> = (0..got.len()).map(|i| got.row(i).unwrap().to_vec()).collect();
                    assert_eq!(got_rows, want, "{k}: {from}->{to} {mode:?} of {values:02x?} at {offsets:?}");
                    assert_eq!(got.values(), want.concat().as_slice());
                    assert_eq!(got.validity().invalid_count(), 0);
                }
                (Err(got), Err((row, at))) => {
                    let e = got.transcode_error().expect("a conversion error");
                    assert_eq!((got.row(), e.offset()), (row, at), "{k}: {from}->{to} {mode:?} of {values:02x?}");
                    assert!(got.utf8_error().is_none());
                    assert!(got.to_string().starts_with(&format!("row {row}: ")));
                }
                (got, want) => panic!("{k}: {from}->{to} {mode:?} of {values:02x?} at {offsets:?}: {got:?} vs {want:?}"),
            }
        }
        let got = engine
            .convert_rows_or_null(values, offsets, from, to)
            .unwrap();
        assert_eq!(got.len(), rows.len());
        let mut invalid = 0;
        for (i, r) in rows.iter().enumerate() {
            match model_row(r, from, to, ErrorMode::Strict) {
                Ok(want) => {
                    assert!(got.validity().is_valid(i), "{k}: row {i} of {values:02x?}");
                    assert_eq!(
                        got.row(i).unwrap(),
                        want.as_slice(),
                        "{k}: {from}->{to} row {i}"
                    );
                }
                Err(_) => {
                    invalid += 1;
                    assert!(!got.validity().is_valid(i), "{k}: row {i} of {values:02x?}");
                    assert_eq!(got.row(i), Some(&[][..]));
                }
            }
        }
        assert_eq!(got.validity().invalid_count(), invalid);
    }
}

/// Every pair of encodings, on the column of the rows.
fn check_all_pairs(values: &[u8], cuts: &[usize]) {
    let offsets32: Vec<i32> = cuts.iter().map(|&c| c as i32).collect();
    let offsets64: Vec<i64> = cuts.iter().map(|&c| c as i64).collect();
    for from in Encoding::ALL {
        for to in Encoding::ALL {
            check_pair(values, &offsets32, from, to);
        }
        check_pair(values, &offsets64, from, Encoding::Utf8);
        check_pair(values, cuts, Encoding::Utf8, from);
    }
}

/// Sorted cut points within `len`, from arbitrary numbers.
fn cuts_of(len: usize, picks: &[usize]) -> Vec<usize> {
    let mut cuts: Vec<usize> = picks.iter().map(|p| p % (len + 1)).collect();
    cuts.push(0);
    cuts.push(len);
    cuts.sort_unstable();
    cuts
}

#[test]
fn text_in_every_encoding_cut_everywhere() {
    let text = "a\u{0}é€😀\u{FEFF}\u{9D}z";
    for from in Encoding::ALL {
        let Some(values) = common::encode(text, from) else {
            continue;
        };
        // Every single cut: rows that cut a character in two.
        for cut in 0..=values.len() {
            check_all_pairs(&values, &[0, cut, values.len()]);
        }
    }
}

#[test]
fn std_agrees_on_the_main_pairs() {
    // Latin-1 to UTF-8 and back, UTF-16LE to UTF-8 and back, checked against std.
    let texts = ["", "plain", "café", "€ and 😀", "Ωμέγα"];
    let offsets: Vec<i32> = std::iter::once(0)
        .chain(texts.iter().scan(0, |end, t| {
            *end += t.encode_utf16().count() as i32 * 2;
            Some(*end)
        }))
        .collect();
    let utf16: Vec<u8> = texts
        .iter()
        .flat_map(|t| t.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let rows = utfast::rows::convert(
        &utf16,
        &offsets,
        Encoding::Utf16Le,
        Encoding::Utf8,
        ErrorMode::Strict,
    )
    .unwrap();
    for (i, t) in texts.iter().enumerate() {
        assert_eq!(rows.row(i), Some(t.as_bytes()));
    }
    let latin1: Vec<u8> = (0..=255u8).collect();
    let rows = utfast::rows::convert(
        &latin1,
        &[0i64, 100, 256],
        Encoding::Latin1,
        Encoding::Utf8,
        ErrorMode::Strict,
    )
    .unwrap();
    let want: String = latin1.iter().map(|&b| char::from(b)).collect();
    assert_eq!(rows.values(), want.as_bytes());
    assert_eq!(rows.offsets(), &[0, 100, want.len() as i64]); // bytes 0..100 are ASCII
}

#[test]
fn unsound_offsets_are_errors() {
    for engine in engines() {
        let values = b"abcd";
        let bad: [&[i32]; 4] = [&[], &[0, 5], &[2, 1], &[-1, 2]];
        for offsets in bad {
            for (from, to) in [
                (Encoding::Latin1, Encoding::Utf8),
                (Encoding::Utf8, Encoding::Windows1252),
            ] {
                let e = engine
                    .convert_rows(values, offsets, from, to, ErrorMode::Strict)
                    .unwrap_err();
                assert!(e.utf8_error().is_none() && e.transcode_error().is_none());
                let e = engine
                    .convert_rows_or_null(values, offsets, from, to)
                    .unwrap_err();
                assert!(e.transcode_error().is_none(), "{offsets:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn random_columns(values in proptest::collection::vec(any::<u8>(), 0..48),
                      picks in proptest::collection::vec(any::<usize>(), 0..6)) {
        check_all_pairs(&values, &cuts_of(values.len(), &picks));
    }

    #[test]
    fn random_text_columns(text in "[a-zé€😀\u{D7FF}\u{E000}\u{10FFFF}]{0,12}",
                           picks in proptest::collection::vec(any::<usize>(), 0..6)) {
        for from in Encoding::ALL {
            if let Some(values) = common::encode(&text, from) {
                check_all_pairs(&values, &cuts_of(values.len(), &picks));
            }
        }
    }
}

#[test]
fn long_latin1_and_windows_1252_columns() {
    // Past several 64 KiB chunks of the one-call path, with rows ending on and
    // around chunk and word boundaries, and rows longer than a chunk.
    let values: Vec<u8> = (0..300_000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let mut cuts = vec![0usize];
    for chunk in 1..=4 {
        for d in [-9i64, -8, -1, 0, 1, 7, 8] {
            cuts.push((chunk * 65536 + d) as usize);
        }
    }
    cuts.extend((0..values.len()).step_by(37));
    cuts.push(values.len());
    cuts.sort_unstable();
    let offsets: Vec<i64> = cuts.iter().map(|&c| c as i64).collect();
    // Without C1 bytes, Windows-1252 takes the same path.
    let no_c1: Vec<u8> = values
        .iter()
        .map(|&b| if (0x80..0xA0).contains(&b) { b'x' } else { b })
        .collect();
    for (bytes, from) in [(&values, Encoding::Latin1), (&no_c1, Encoding::Windows1252)] {
        for engine in engines() {
            let rows = engine
                .convert_rows(bytes, &offsets, from, Encoding::Utf8, ErrorMode::Strict)
                .unwrap();
            for (i, w) in cuts.windows(2).enumerate() {
                let want: String = bytes[w[0]..w[1]].iter().map(|&b| char::from(b)).collect();
                assert_eq!(
                    rows.row(i),
                    Some(want.as_bytes()),
                    "{}: {from} row {i}",
                    engine.kernel()
                );
            }
        }
    }
}

/// `cuts` with `cut` added, in order.
fn with_cut(cuts: &[usize], cut: usize) -> Vec<usize> {
    let mut cuts = cuts.to_vec();
    cuts.push(cut);
    cuts.sort_unstable();
    cuts
}

#[test]
fn long_utf16_columns() {
    // Past several 64 KiB chunks of the one-call path: text with every UTF-8
    // width and surrogate pairs, rows ending on and around chunk and word
    // boundaries; then the same with a pair split between two rows and with an
    // odd row, which go row by row. Each row checked against std.
    let text: String = "aé€😀z\u{7FF}\u{800}\u{FFFF}\u{10000}".repeat(15000);
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut cuts = vec![0usize];
    for chunk in 1..=4 {
        for d in [-8i64, -6, -2, 0, 2, 6, 8] {
            cuts.push((chunk * 65536 + d) as usize);
        }
    }
    // Rows of 7 units on average: the one-call path takes short rows.
    cuts.extend((0..2 * units.len()).step_by(14));
    cuts.push(2 * units.len());
    cuts.sort_unstable();
    // Unit boundaries only, and none inside a pair yet.
    let inside_pair =
        |c: usize| c % 2 == 1 || (c < 2 * units.len() && (0xDC00..0xE000).contains(&units[c / 2]));
    cuts.retain(|&c| c <= 2 * units.len() && !inside_pair(c));
    let split = cuts.iter().position(|&c| c > 100_000).unwrap();
    let pair = (cuts[split]..)
        .step_by(2)
        .find(|&c| (0xDC00..0xE000).contains(&units[c / 2]))
        .unwrap();
    let variants: [Vec<usize>; 3] = [
        cuts.clone(),
        with_cut(&cuts, pair),
        with_cut(&cuts, pair + 1),
    ];
    for (bytes, from) in [
        (
            units
                .iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<u8>>(),
            Encoding::Utf16Le,
        ),
        (
            units
                .iter()
                .flat_map(|u| u.to_be_bytes())
                .collect::<Vec<u8>>(),
            Encoding::Utf16Be,
        ),
    ] {
        for cuts in &variants {
            let offsets: Vec<i64> = cuts.iter().map(|&c| c as i64).collect();
            for engine in engines() {
                let rows = engine
                    .convert_rows_or_null(&bytes, &offsets, from, Encoding::Utf8)
                    .unwrap();
                for (i, w) in cuts.windows(2).enumerate() {
                    let row = &bytes[w[0]..w[1]];
                    let units: Vec<u16> = row
                        .chunks(2)
                        .map(|c| match (from, c) {
                            (Encoding::Utf16Le, [a, b]) => u16::from_le_bytes([*a, *b]),
                            (_, [a, b]) => u16::from_be_bytes([*a, *b]),
                            _ => 0xDC00, // half a unit: invalid either way
                        })
                        .collect();
                    let want = String::from_utf16(&units)
                        .ok()
                        .filter(|_| row.len() % 2 == 0);
                    let got = rows.validity().is_valid(i).then(|| rows.row(i).unwrap());
                    assert_eq!(
                        got,
                        want.as_deref().map(str::as_bytes),
                        "{}: {from} row {i}",
                        engine.kernel()
                    );
                }
            }
        }
    }
}
