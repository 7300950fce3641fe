//! Column kernels against the per-row answers of std, on every kernel: the first
//! bad row and its error, every row's validity, the lossy repair; sound and
//! unsound offsets of every offset type.

mod common;

use common::{cases, engines, EDGE_BYTES};
use proptest::prelude::*;
use utfast::{rows::RowError, rows::RowOffset, Engine};

/// What std says of each row, for sound offsets.
fn rows_of<O: RowOffset>(values: &[u8], offsets: &[O]) -> Vec<Vec<u8>> {
    offsets
        .windows(2)
        .map(|w| values[w[0].to_usize().unwrap()..w[1].to_usize().unwrap()].to_vec())
        .collect()
}

/// The model of `validate_utf8_rows` for sound offsets: the first row std
/// rejects, with std's position and length.
fn first_bad(rows: &[Vec<u8>]) -> Option<(usize, usize, Option<usize>)> {
    rows.iter().enumerate().find_map(|(i, row)| {
        let e = std::str::from_utf8(row).err()?;
        Some((i, e.valid_up_to(), e.error_len()))
    })
}

/// Every column kernel on every engine agrees with std on a sound column.
fn check_column<O: RowOffset>(values: &[u8], offsets: &[O]) {
    let rows = rows_of(values, offsets);
    let want_first = first_bad(&rows);
    let want_valid: Vec<bool> = rows
        .iter()
        .map(|r| std::str::from_utf8(r).is_ok())
        .collect();
    for engine in engines() {
        let k = engine.kernel();
        let got = engine.validate_utf8_rows(values, offsets);
        let got = got.err().map(|e: RowError| {
            let u = e.utf8_error().expect("sound offsets: a UTF-8 error");
            (e.row(), u.valid_up_to(), u.error_len())
        });
        assert_eq!(
            got, want_first,
            "{k}: first bad row of {values:02x?} at {offsets:?}"
        );

        let validity = engine.utf8_rows_validity(values, offsets).unwrap();
        assert_eq!(validity.len(), rows.len());
        let got_valid: Vec<bool> = (0..rows.len()).map(|r| validity.is_valid(r)).collect();
        assert_eq!(
            got_valid, want_valid,
            "{k}: validity of {values:02x?} at {offsets:?}"
        );
        let invalid = want_valid.iter().filter(|v| !**v).count();
        assert_eq!(validity.invalid_count(), invalid, "{k}");
        assert_eq!(validity.bitmap().len(), rows.len().div_ceil(8));
        let used = rows.len() % 8;
        if let (Some(&last), true) = (validity.bitmap().last(), used > 0) {
            assert_eq!(last >> used, 0, "{k}: bits past the last row");
        }

        let lossy = engine.utf8_rows_lossy(values, offsets).unwrap();
        match lossy {
            None => assert_eq!(invalid, 0, "{k}: None for a column with invalid rows"),
            Some(fixed) => {
                assert!(invalid > 0);
                assert_eq!(fixed.len(), rows.len());
                assert_eq!(fixed.offsets()[0], O::default());
                for (i, row) in rows.iter().enumerate() {
                    let want = String::from_utf8_lossy(row);
                    assert_eq!(fixed.row(i), Some(&*want), "{k}: row {i} repaired");
                }
                assert!(std::str::from_utf8(fixed.values()).is_ok());
            }
        }
    }
}

/// Offsets cutting `values` into rows at `cuts` (sorted, in range), starting
/// at `start` and ending at `end`.
fn offsets<O: RowOffset>(cuts: &[usize]) -> Vec<O> {
    cuts.iter().map(|&c| O::from_usize(c).unwrap()).collect()
}

fn check_every_offset_type(values: &[u8], cuts: &[usize]) {
    check_column::<i32>(values, &offsets(cuts));
    check_column::<i64>(values, &offsets(cuts));
    check_column::<usize>(values, &offsets(cuts));
}

/// Sorted cut points within `len`, from random picks.
fn cuts_from(len: usize, picks: &[usize]) -> Vec<usize> {
    let mut cuts: Vec<usize> = picks.iter().map(|p| p % (len + 1)).collect();
    cuts.sort_unstable();
    cuts
}

/// Bytes mostly of text with edge bytes mixed in.
fn column_bytes() -> impl Strategy<Value = Vec<u8>> {
    let text = "aé€😀 ";
    prop::collection::vec(
        prop_oneof![
            4 => (0..text.len()).prop_map(move |i| text.as_bytes()[i]),
            1 => prop::sample::select(EDGE_BYTES.to_vec()),
        ],
        0..300,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn random_columns_match_std(values in column_bytes(), picks in prop::collection::vec(any::<usize>(), 1..40)) {
        let cuts = cuts_from(values.len(), &picks);
        check_every_offset_type(&values, &cuts);
    }

    #[test]
    fn valid_text_cut_anywhere_matches_std(text in "\\PC{0,120}", picks in prop::collection::vec(any::<usize>(), 1..30)) {
        let cuts = cuts_from(text.len(), &picks);
        check_every_offset_type(text.as_bytes(), &cuts);
    }
}

#[test]
fn long_columns_with_sparse_errors_match_std() {
    // Many short rows over several kernel blocks, a bad row here and there, and
    // offsets that do not start at 0 nor end at the values' end.
    let mut values = Vec::new();
    let mut cuts = vec![3];
    values.extend_from_slice(b"xyz");
    for i in 0..2000 {
        let row: &[u8] = match i % 7 {
            0 => "héllo".as_bytes(),
            1 => b"",
            2 => "日本".as_bytes(),
            3 if i % 301 == 3 => b"bad\xFFrow",
            4 if i % 211 == 4 => b"cut\xE2\x82",
            5 => "😀!".as_bytes(),
            _ => b"plain ascii text",
        };
        values.extend_from_slice(row);
        cuts.push(values.len());
    }
    values.extend_from_slice(b"\xFF\xFFtrailing bytes outside the rows");
    check_every_offset_type(&values, &cuts);
    // Offsets inside a character: both rows around the cut are suspects.
    let text = "aé€😀".repeat(100);
    for cut in 0..text.len() {
        check_every_offset_type(text.as_bytes(), &[0, cut, text.len()]);
    }
}

#[test]
fn all_ascii_all_invalid_and_empty_columns() {
    let ascii = vec![b'a'; 10_000];
    let cuts: Vec<usize> = (0..=ascii.len()).step_by(7).collect();
    check_every_offset_type(&ascii, &cuts);
    let junk = vec![0xFFu8; 1_000];
    let cuts: Vec<usize> = (0..=junk.len()).step_by(3).collect();
    check_every_offset_type(&junk, &cuts);
    check_every_offset_type(b"", &[0]);
    check_every_offset_type(b"", &[0, 0, 0]);
    check_every_offset_type(b"abc", &[3]);
}

/// Unsound offsets are an error naming the first bad row; nothing panics.
fn unsound<O: RowOffset>(engine: Engine, values: &[u8], offsets: &[O], row: usize) {
    let k = engine.kernel();
    let want = Err(row);
    let first = engine.validate_utf8_rows(values, offsets).map_err(|e| {
        assert_eq!(e.utf8_error(), None, "{k}");
        e.row()
    });
    assert_eq!(first, want, "{k}: {offsets:?}");
    let validity = engine.utf8_rows_validity(values, offsets).map(|_| ());
    assert_eq!(
        validity.map_err(|e| e.row()),
        want,
        "{k}: validity {offsets:?}"
    );
    let lossy = engine.utf8_rows_lossy(values, offsets).map(|_| ());
    assert_eq!(lossy.map_err(|e| e.row()), want, "{k}: lossy {offsets:?}");
}

#[test]
fn unsound_offsets_are_errors() {
    let values = b"hello world";
    for engine in engines() {
        unsound::<i32>(engine, values, &[], 0);
        unsound::<i32>(engine, values, &[12], 0);
        unsound::<i32>(engine, values, &[0, 12], 0);
        unsound::<i32>(engine, values, &[0, 5, 3, 11], 1);
        unsound::<i32>(engine, values, &[-1, 5], 0);
        unsound::<i64>(engine, values, &[0, 5, -3], 1);
        unsound::<i64>(engine, values, &[0, 5, 6, i64::MAX], 2);
        unsound::<usize>(engine, values, &[0, usize::MAX], 0);
        unsound::<usize>(engine, values, &[4, 2], 0);
        // Decreasing far into a long column.
        let mut long: Vec<i32> = (0..=11).collect();
        long.extend(std::iter::repeat_n(11, 1000));
        long.push(10);
        unsound::<i32>(engine, values, &long, long.len() - 2);
        // The repaired column must fit the offset type: not testable with i32
        // without 2 GiB of values; the error path is the same `RowError`.
    }
}

#[test]
fn errors_say_which_row_and_where() {
    let err = utfast::rows::validate_utf8(b"okbad\xFF", &[0i32, 2, 6]).unwrap_err();
    assert_eq!(err.row(), 1);
    assert_eq!(
        err.to_string(),
        "row 1: invalid UTF-8 at byte 3 of the row: byte never valid in UTF-8"
    );
    let source = std::error::Error::source(&err).map(|s| s.to_string());
    assert!(source.is_some());
    let err = utfast::rows::validate_utf8(b"ok", &[0i32, 3]).unwrap_err();
    assert!(err.to_string().starts_with("row 0: offsets out of range"));
}
