//! Binary to string arrays against a per-row model (std's `from_utf8` and
//! `from_utf8_lossy`), on every kernel: every `OnInvalid`, nulls, sliced arrays,
//! offset sizes and views; a valid array shares its values.

use arrow_array::{
    Array, BinaryViewArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait,
    StringViewArray,
};
use proptest::prelude::*;
use utfast::{rows::RowOffset, Engine, Kernel};
use utfast_arrow::{binary_to_string_with, binary_view_to_string_with, OnInvalid};

const MODES: [OnInvalid; 3] = [OnInvalid::Error, OnInvalid::Null, OnInvalid::Replace];

fn engines() -> Vec<Engine> {
    Kernel::available()
        .map(|k| Engine::new(k).unwrap())
        .collect()
}

/// The model: what each row becomes, or the first bad non-null row.
fn model(rows: &[Option<Vec<u8>>], mode: OnInvalid) -> Result<Vec<Option<String>>, usize> {
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let Some(bytes) = row else {
            out.push(None);
            continue;
        };
        out.push(match (std::str::from_utf8(bytes), mode) {
            (Ok(s), _) => Some(s.to_owned()),
            (Err(_), OnInvalid::Error) => return Err(i),
            (Err(_), OnInvalid::Null) => None,
            (Err(_), OnInvalid::Replace) => Some(String::from_utf8_lossy(bytes).into_owned()),
        });
    }
    Ok(out)
}

/// The model of `is_valid_utf8`: null for a null row.
fn validity(rows: &[Option<Vec<u8>>]) -> Vec<Option<bool>> {
    rows.iter()
        .map(|r| r.as_ref().map(|r| std::str::from_utf8(r).is_ok()))
        .collect()
}

fn rows_of(array: &dyn Array, value: impl Fn(usize) -> String) -> Vec<Option<String>> {
    (0..array.len())
        .map(|i| (!array.is_null(i)).then(|| value(i)))
        .collect()
}

fn check_offsets<O: OffsetSizeTrait + RowOffset>(rows: &[Option<Vec<u8>>], slice: (usize, usize)) {
    let array: GenericBinaryArray<O> = rows.iter().map(|r| r.as_deref()).collect();
    let (start, len) = (slice.0 % (rows.len() + 1), slice.1);
    let len = len.min(rows.len() - start);
    let array = array.slice(start, len);
    let rows = &rows[start..start + len];
    let valid = utfast_arrow::is_valid_utf8(&array).unwrap();
    assert_eq!(valid.iter().collect::<Vec<_>>(), validity(rows));
    for engine in engines() {
        for mode in MODES {
            let got = binary_to_string_with(engine, &array, mode);
            let want = model(rows, mode);
            let k = engine.kernel();
            match (got, want) {
                (Ok(text), Ok(want)) => {
                    let text: GenericStringArray<O> = text;
                    assert_eq!(
                        rows_of(&text, |i| text.value(i).to_owned()),
                        want,
                        "{k} {mode:?}"
                    );
                    // Arrow's string arrays hold UTF-8 in the whole values buffer,
                    // the bytes of other rows of a sliced array included.
                    assert!(std::str::from_utf8(text.values()).is_ok(), "{k} {mode:?}");
                }
                (Err(e), Err(row)) => {
                    let message = e.to_string();
                    assert!(message.contains(&format!("row {row}: ")), "{k}: {message}");
                    let bytes = rows[row].as_deref().unwrap();
                    let at = std::str::from_utf8(bytes).unwrap_err().valid_up_to();
                    assert!(
                        message.contains(&format!("at byte {at} of the row")),
                        "{message}"
                    );
                }
                (got, want) => panic!("{k} {mode:?}: got {got:?}, want {want:?}"),
            }
        }
    }
}

fn check_views(rows: &[Option<Vec<u8>>]) {
    let array: BinaryViewArray = rows.iter().map(|r| r.as_deref()).collect();
    let valid = utfast_arrow::binary_view_is_valid_utf8(&array);
    assert_eq!(valid.iter().collect::<Vec<_>>(), validity(rows));
    for engine in engines() {
        for mode in MODES {
            let got = binary_view_to_string_with(engine, &array, mode);
            match (got, model(rows, mode)) {
                (Ok(text), Ok(want)) => {
                    let text: StringViewArray = text;
                    assert_eq!(
                        rows_of(&text, |i| text.value(i).to_owned()),
                        want,
                        "{mode:?}"
                    );
                }
                (Err(e), Err(row)) => assert!(e.to_string().contains(&format!("row {row}: "))),
                (got, want) => panic!("{mode:?}: got {got:?}, want {want:?}"),
            }
        }
    }
}

fn row() -> impl Strategy<Value = Option<Vec<u8>>> {
    let text = "aé€😀 ";
    let byte = prop_oneof![
        8 => (0..text.len()).prop_map(move |i| text.as_bytes()[i]),
        1 => any::<u8>(),
    ];
    prop::option::weighted(0.9, prop::collection::vec(byte, 0..40))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arrays_match_the_model(rows in prop::collection::vec(row(), 1..60), slice in (any::<usize>(), any::<usize>())) {
        check_offsets::<i32>(&rows, slice);
        check_offsets::<i64>(&rows, slice);
        check_views(&rows);
    }
}

#[test]
fn valid_arrays_share_their_values() {
    let rows: Vec<&[u8]> = vec!["héllo".as_bytes(), b"", "wörld".as_bytes()];
    let array = arrow_array::BinaryArray::from(rows);
    for mode in MODES {
        let text = utfast_arrow::binary_to_string(&array, mode).unwrap();
        assert_eq!(text.values().as_ptr(), array.values().as_ptr(), "{mode:?}");
    }
}

#[test]
fn invalid_bytes_in_null_rows_are_not_errors() {
    let array = arrow_array::BinaryArray::from(vec![Some(&b"ok"[..]), None, Some(b"fine")]);
    // The same rows with invalid bytes in the null slot.
    let nulls = array.nulls().cloned();
    let values = arrow_buffer::Buffer::from_vec(b"ok\xFFfine".to_vec());
    let offsets = arrow_buffer::OffsetBuffer::new(vec![0i32, 2, 3, 7].into());
    let array = arrow_array::BinaryArray::new(offsets, values, nulls);
    for mode in MODES {
        let text = utfast_arrow::binary_to_string(&array, mode).unwrap();
        assert!(text.is_null(1));
        assert_eq!((text.value(0), text.value(2)), ("ok", "fine"));
        // Every slot, null or not, holds UTF-8.
        assert!(std::str::from_utf8(text.values()).is_ok());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Views cut anywhere in shared buffers, valid or not (the buffers validated
    /// whole, then each row's two ends checked): each row as std says.
    #[test]
    fn views_anywhere_in_shared_buffers(
        buffers in prop::collection::vec(buffer(), 1..4),
        cuts in prop::collection::vec((any::<usize>(), any::<usize>(), 0..40usize), 0..40),
    ) {
        let buffers: Vec<arrow_buffer::Buffer> =
            buffers.into_iter().map(arrow_buffer::Buffer::from_vec).collect();
        let mut builder = arrow_array::builder::BinaryViewBuilder::new();
        let blocks: Vec<u32> = buffers.iter().map(|b| builder.append_block(b.clone())).collect();
        let mut want = Vec::new();
        for (block, start, len) in cuts {
            let index = block % buffers.len();
            let bytes = buffers[index].as_slice();
            let start = start % (bytes.len() + 1);
            let len = len.min(bytes.len() - start);
            builder
                .try_append_view(blocks[index], start as u32, len as u32)
                .unwrap();
            want.push(Some(std::str::from_utf8(&bytes[start..start + len]).is_ok()));
        }
        let array = builder.finish();
        let valid = utfast_arrow::binary_view_is_valid_utf8(&array);
        prop_assert_eq!(valid.iter().collect::<Vec<_>>(), want);
    }
}

/// Text of whole characters (a valid buffer), now and then with a byte changed.
fn buffer() -> impl Strategy<Value = Vec<u8>> {
    let chars = prop::collection::vec(prop::sample::select(vec!['a', 'é', '€', '😀', ' ']), 0..40);
    (
        chars,
        prop::option::weighted(0.3, (any::<usize>(), any::<u8>())),
    )
        .prop_map(|(chars, change)| {
            let mut bytes = chars.into_iter().collect::<String>().into_bytes();
            if let (Some((at, byte)), false) = (change, bytes.is_empty()) {
                let at = at % bytes.len();
                bytes[at] = byte;
            }
            bytes
        })
}

/// A buffer that ends inside a character is one valid run short of its end:
/// the rows that reach the cut character are invalid, the others valid.
#[test]
fn views_over_a_buffer_cut_inside_a_character() {
    let bytes = "0123456789abcdé0123456789abcd€".as_bytes();
    let cut = bytes.len() - 1; // the last character loses its last byte
    let buffer = arrow_buffer::Buffer::from_vec(bytes[..cut].to_vec());
    let mut builder = arrow_array::builder::BinaryViewBuilder::new();
    let block = builder.append_block(buffer);
    let rows = [(0, 16), (0, cut), (16, cut - 16), (2, cut - 4), (16, 14)];
    for &(start, len) in &rows {
        builder
            .try_append_view(block, start as u32, len as u32)
            .unwrap();
    }
    let array = builder.finish();
    let want: Vec<Option<bool>> = rows
        .iter()
        .map(|&(start, len)| Some(std::str::from_utf8(&bytes[start..start + len]).is_ok()))
        .collect();
    assert_eq!(
        want,
        [Some(true), Some(false), Some(false), Some(true), Some(true)]
    );
    let valid = utfast_arrow::binary_view_is_valid_utf8(&array);
    assert_eq!(valid.iter().collect::<Vec<_>>(), want);
}
