//! Fuzz target: the column kernels must give, on every kernel and offset type,
//! exactly the per-row answers of std: the first bad row with `from_utf8`'s error
//! on it (`validate_utf8_rows`), every row's validity (`utf8_rows_validity`), and
//! each row as `String::from_utf8_lossy` makes it (`utf8_rows_lossy`), each row
//! converted between two encodings as the scalar `Transcoder` converts it alone
//! (`rows::convert`, `rows::convert_or_null`; the pair and mode picked by the first
//! value byte and the length); and unsound offsets must be an error naming the
//! first unsound row, never a panic.
//!
//! Input: a 1-byte header (the number of rows, 0..=63; its top bits pick whether
//! the offsets are made sound), then bytes: the first `2 * (rows + 1)` are the
//! offsets (`u16` little-endian; sorted and clamped when made sound), the rest the
//! values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::{
    rows::RowOffset, stream::Status, stream::Transcoder, Encoding, Engine, ErrorMode, Kernel,
};
use utfast_fuzz::engines;

/// The model's answers: the first bad row (std's error on it), or the first
/// unsound row.
fn model(values: &[u8], offsets: &[usize]) -> Result<Vec<Option<(usize, Option<usize>)>>, usize> {
    if offsets.is_empty() {
        return Err(0);
    }
    if offsets.len() == 1 && offsets[0] > values.len() {
        return Err(0);
    }
    let mut rows = Vec::new();
    for (row, w) in offsets.windows(2).enumerate() {
        if w[0] > w[1] || w[1] > values.len() {
            return Err(row);
        }
        let error = std::str::from_utf8(&values[w[0]..w[1]]).err();
        rows.push(error.map(|e| (e.valid_up_to(), e.error_len())));
    }
    Ok(rows)
}

fn check<O: RowOffset>(engine: &Engine, values: &[u8], cuts: &[usize]) {
    let offsets: Vec<O> = cuts.iter().map(|&c| O::from_usize(c).unwrap()).collect();
    let k = engine.kernel();
    let want = model(values, cuts);
    let first = engine.validate_utf8_rows(values, &offsets);
    let validity = engine.utf8_rows_validity(values, &offsets);
    let lossy = engine.utf8_rows_lossy(values, &offsets);
    let rows = match want {
        Err(row) => {
            for got in [first.err(), validity.err(), lossy.err()] {
                let got = got.expect("unsound offsets are an error");
                assert_eq!((got.row(), got.utf8_error()), (row, None), "{k}");
            }
            return;
        }
        Ok(rows) => rows,
    };
    let want_first = rows.iter().position(Option::is_some);
    match (first, want_first) {
        (Ok(()), None) => {}
        (Err(e), Some(row)) => {
            let u = e.utf8_error().expect("a UTF-8 error");
            assert_eq!(
                (e.row(), Some((u.valid_up_to(), u.error_len()))),
                (row, rows[row]),
                "{k}"
            );
        }
        (got, want) => panic!("{k}: validate_utf8_rows {got:?}, first bad row {want:?}"),
    }
    let validity = validity.expect("sound offsets");
    for (row, error) in rows.iter().enumerate() {
        assert_eq!(validity.is_valid(row), error.is_none(), "{k}: row {row}");
    }
    assert_eq!(
        validity.invalid_count(),
        rows.iter().filter(|e| e.is_some()).count()
    );
    match lossy.expect("sound offsets") {
        None => assert!(want_first.is_none(), "{k}: no repair of an invalid column"),
        Some(fixed) => {
            for (row, w) in cuts.windows(2).enumerate() {
                let want = String::from_utf8_lossy(&values[w[0]..w[1]]);
                assert_eq!(fixed.row(row), Some(&*want), "{k}: row {row}");
            }
        }
    }
}

/// One row converted alone by the scalar kernel's transcoder; `Err`: the offset
/// of the piece it cannot convert.
fn convert_row(row: &[u8], from: Encoding, to: Encoding, mode: ErrorMode) -> Result<Vec<u8>, u64> {
    let scalar = Engine::new(Kernel::Scalar).expect("the scalar kernel");
    let mut t = Transcoder::with_engine(scalar, from, to, mode);
    let mut out = vec![0; t.max_output_len(row.len())];
    let p = t.transcode(row, &mut out, true);
    match p.status {
        Status::Error(e) => Err(e.offset()),
        _ => Ok(out[..p.written].to_vec()),
    }
}

fn check_convert(engine: &Engine, values: &[u8], cuts: &[usize]) {
    let offsets: Vec<i32> = cuts.iter().map(|&c| c as i32).collect();
    let pick = values.first().map_or(0, |&b| b as usize);
    let (from, to) = (Encoding::ALL[pick % 10], Encoding::ALL[pick / 10 % 10]);
    let mode = ErrorMode::ALL[values.len() % ErrorMode::ALL.len()];
    let k = engine.kernel();
    let got = engine.convert_rows(values, &offsets, from, to, mode);
    let nulled = engine.convert_rows_or_null(values, &offsets, from, to);
    let Ok(rows) = model(values, cuts) else {
        assert!(
            got.unwrap_err().transcode_error().is_none(),
            "{k}: unsound offsets"
        );
        assert!(
            nulled.unwrap_err().transcode_error().is_none(),
            "{k}: unsound offsets"
        );
        return;
    };
    let each = |mode| -> Vec<Result<Vec<u8>, u64>> {
        cuts.windows(2)
            .map(|w| convert_row(&values[w[0]..w[1]], from, to, mode))
            .collect()
    };
    let want = each(mode);
    match (got, want.iter().position(Result::is_err)) {
        (Ok(got), None) => {
            for (row, want) in want.iter().enumerate() {
                assert_eq!(
                    got.row(row),
                    want.as_deref().ok(),
                    "{k}: {from}->{to} {mode:?} row {row}"
                );
            }
        }
        (Err(e), Some(row)) => {
            let at = e.transcode_error().map(|t| t.offset());
            assert_eq!(
                (e.row(), at),
                (row, want[row].clone().err()),
                "{k}: {from}->{to} {mode:?}"
            );
        }
        (got, want) => panic!("{k}: {from}->{to} {mode:?}: {got:?}, first bad row {want:?}"),
    }
    let nulled = nulled.expect("sound offsets");
    for (row, want) in each(ErrorMode::Strict).iter().enumerate() {
        assert_eq!(
            nulled.validity().is_valid(row),
            want.is_ok(),
            "{k}: row {row}"
        );
        let want = want.as_deref().unwrap_or_default();
        assert_eq!(nulled.row(row), Some(want), "{k}: {from}->{to} row {row}");
    }
    assert_eq!(rows.len(), nulled.len());
}

fuzz_target!(|data: &[u8]| {
    let Some((&header, rest)) = data.split_first() else {
        return;
    };
    let rows = (header & 63) as usize;
    let Some((raw, values)) = rest.split_at_checked(2 * (rows + 1)) else {
        return;
    };
    let mut cuts: Vec<usize> = raw
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]) as usize)
        .collect();
    if header & 0x80 == 0 {
        // Sound offsets: sorted and within the values (most inputs).
        cuts.iter_mut().for_each(|c| *c %= values.len() + 1);
        cuts.sort_unstable();
    } else if header & 0x40 != 0 {
        cuts.clear();
    }
    for engine in engines() {
        check::<i32>(engine, values, &cuts);
        check::<i64>(engine, values, &cuts);
        check::<usize>(engine, values, &cuts);
        check_convert(engine, values, &cuts);
    }
});
