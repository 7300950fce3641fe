//! Feeding a `Transcoder` a stream: the input cut at given offsets, into output
//! slices of given sizes, going on after each error; and the whole input in one
//! call, the reference every cut must give. Shared by `tests/stream.rs` and the
//! `stream` fuzz target (`#[path]`-included).

#![allow(dead_code)]

use utfast::{stream::Status, stream::TranscodeError, stream::Transcoder};

/// What a stream of chunks gave: the output, and each error (the transcoder goes
/// on after each).
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub output: Vec<u8>,
    pub errors: Vec<TranscodeError>,
}

/// Feeds `input` cut at `cuts` (ascending offsets) to `t`, into output slices
/// whose sizes cycle through `sizes`.
pub fn feed(mut t: Transcoder, input: &[u8], cuts: &[usize], sizes: &[usize]) -> Outcome {
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut buffer = vec![0u8; sizes.iter().copied().max().unwrap_or(0)];
    let mut ends: Vec<usize> = cuts.iter().map(|&c| c.min(input.len())).collect();
    ends.push(input.len());
    let mut start = 0;
    let mut k = 0;
    for (i, &end) in ends.iter().enumerate() {
        let last = i + 1 == ends.len();
        let mut chunk = &input[start.min(end)..end];
        start = end.max(start);
        let mut calls = 0;
        loop {
            let size = sizes[k % sizes.len()];
            k += 1;
            let p = t.transcode(chunk, &mut buffer[..size], last);
            assert!(p.read <= chunk.len() && p.written <= size, "{p:?}");
            if size >= 8 {
                let moved = p.read > 0 || p.written > 0;
                assert!(
                    moved || p.status != Status::OutputFull,
                    "no progress: {p:?}"
                );
            }
            output.extend_from_slice(&buffer[..p.written]);
            chunk = &chunk[p.read..];
            match p.status {
                Status::InputEmpty => {
                    assert!(chunk.is_empty(), "InputEmpty with input left");
                    break;
                }
                Status::OutputFull => {}
                Status::Error(error) => errors.push(error),
                _ => unreachable!(),
            }
            calls += 1;
            assert!(calls < 10 * input.len() + 1000, "no end");
        }
    }
    Outcome { output, errors }
}

/// The whole input in one call, into room for all of it.
pub fn one_shot(t: Transcoder, input: &[u8]) -> Outcome {
    let room = t.max_output_len(input.len());
    feed(t, input, &[], &[room])
}
