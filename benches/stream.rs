//! Streaming against one-shot and against encoding_rs's streaming decoder, side by
//! side in one criterion group per input and direction:
//!
//! - `stream/<input>/validate`: `utfast/validate_utf8` (one call on the whole
//!   input) against `utfast/Utf8Validator/64k` and `/4k` (the input fed in chunks
//!   of 64 KiB and 4 KiB).
//! - `stream/<input>/utf8-to-utf16le` and `stream/<input>/utf16le-to-utf8`:
//!   `utfast/one-shot` (`utf8_to_utf16le` / `utf16le_to_utf8` on the whole input)
//!   against `utfast/Transcoder/64k` (64 KiB chunks into an output buffer of
//!   `max_output_len`), `utfast/TranscodeReader/64k` (`read` into a 64 KiB
//!   buffer; the input copied out of the inner reader first, as any `io::Read`
//!   adapter does), `utfast/TranscodeReader-BufRead` (the same, reading the input
//!   in place: `TranscodeReader::from_buf_read`) and `encoding_rs/Decoder/64k`
//!   (`decode_to_utf16_without_replacement`
//!   / `decode_to_utf8_without_replacement` on the same chunks: strict, as ours).
//! - `stream-short/<input>/<n>`: the input cut at character boundaries into
//!   pieces of about `n` bytes (16, 64, 256): `utfast/Transcoder` fed the pieces
//!   (UTF-8 to UTF-16LE) against `utfast/one-shot-per-piece` (`utf8_to_utf16le`
//!   called on each piece); and `utfast/Utf8Validator` against
//!   `utfast/validate_utf8-per-piece`.
//!
//! Inputs: `gen/<script>` (256 KiB of generated text, `utfast::sample`) and every
//! `*.utf8.txt` under `UTFAST_CORPUS` (or `../shared/corpus`). Throughput counts
//! input bytes (UTF-8 bytes, or UTF-16 bytes for `utf16le-to-utf8`).
//!
//! ```text
//! UTFAST_BENCH_QUICK=1 cargo bench --bench stream
//! python3 scripts/stream-summary.py
//! ```

mod common;

use std::hint::black_box;
use std::io::Read;

use criterion::{Criterion, Throughput};

use utfast::{
    stream::Status, stream::TranscodeReader, stream::Transcoder, stream::Utf8Validator, ByteOrder,
    Encoding, ErrorMode,
};

/// Bytes of generated text per script.
const GENERATED_SIZE: usize = 256 << 10;

/// The chunk of the large-chunk benchmarks.
const CHUNK: usize = 64 << 10;

/// Feeds `input` in `chunk`-byte chunks through `t` into `dst`; returns the bytes
/// written.
fn transcode_chunks(t: &mut Transcoder, input: &[u8], chunk: usize, dst: &mut [u8]) -> usize {
    let mut written = 0;
    let count = input.len().div_ceil(chunk).max(1);
    for (i, piece) in input.chunks(chunk).enumerate() {
        written += transcode_piece(t, piece, i + 1 == count, dst);
    }
    written
}

/// Gives `piece` to `t`, draining into `dst` as often as needed. Inlined, so
/// that the `Transcoder`'s call sits in the benchmark's loop as the one-shot
/// function's does (left to the compiler, this helper was inlined in some
/// builds and not in others).
#[inline(always)]
fn transcode_piece(t: &mut Transcoder, mut piece: &[u8], last: bool, dst: &mut [u8]) -> usize {
    let mut written = 0;
    loop {
        let p = t.transcode(piece, dst, last);
        written += p.written;
        piece = &piece[p.read..];
        match p.status {
            Status::InputEmpty => return written,
            Status::OutputFull => {}
            status => panic!("{status:?}"),
        }
    }
}

fn bench_validate(c: &mut Criterion, id: &str, input: &[u8]) {
    let mut g = c.benchmark_group(format!("stream/{id}/validate"));
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("utfast/validate_utf8", |b| {
        b.iter(|| utfast::validate_utf8(black_box(input)))
    });
    for (name, chunk) in [
        ("utfast/Utf8Validator/64k", CHUNK),
        ("utfast/Utf8Validator/4k", 4096),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut v = Utf8Validator::new();
                for piece in black_box(input).chunks(chunk) {
                    v.update(piece).unwrap();
                }
                v.finish().unwrap()
            })
        });
    }
    g.finish();
}

/// Reads `reader` to its end through `buffer`; returns the bytes read.
fn read_all(mut reader: impl Read, buffer: &mut [u8]) -> usize {
    let mut total = 0;
    loop {
        match reader.read(buffer).unwrap() {
            0 => return total,
            n => total += n,
        }
    }
}

/// Feeds `input` in [`CHUNK`]-byte chunks to an encoding_rs decoder, one
/// `decode` call (`(result, read, written)`) at a time; returns the units written.
fn decode_chunks(
    input: &[u8],
    mut decode: impl FnMut(&[u8], bool) -> (encoding_rs::DecoderResult, usize, usize),
) -> usize {
    let mut total = 0;
    let count = input.len().div_ceil(CHUNK);
    for (i, mut piece) in input.chunks(CHUNK).enumerate() {
        loop {
            let (result, read, written) = decode(piece, i + 1 == count);
            total += written;
            piece = &piece[read..];
            match result {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(..) => panic!("malformed"),
            }
        }
    }
    total
}

/// One direction: the one-shot function, the Transcoder, the TranscodeReader and
/// encoding_rs's decoder (`rival`) on `input`, whose conversion is `expected`.
fn bench_direction(
    c: &mut Criterion,
    group: String,
    (from, to): (Encoding, Encoding),
    input: &[u8],
    expected: &[u8],
    mut one_shot: impl FnMut(&[u8]) -> usize,
    mut rival: impl FnMut(&[u8]) -> usize,
) {
    let new = || Transcoder::new(from, to, ErrorMode::Strict);
    let mut check = Vec::new();
    TranscodeReader::new(input, from, to, ErrorMode::Strict)
        .read_to_end(&mut check)
        .unwrap();
    assert_eq!(check, expected, "{group}: TranscodeReader");
    let mut dst = vec![0u8; new().max_output_len(CHUNK)];
    assert_eq!(
        transcode_chunks(&mut new(), input, CHUNK, &mut dst),
        expected.len()
    );

    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("utfast/one-shot", |b| b.iter(|| one_shot(black_box(input))));
    g.bench_function("utfast/Transcoder/64k", |b| {
        b.iter(|| transcode_chunks(&mut new(), black_box(input), CHUNK, &mut dst))
    });
    let mut buffer = vec![0u8; CHUNK];
    g.bench_function("utfast/TranscodeReader/64k", |b| {
        b.iter(|| {
            let reader = TranscodeReader::new(black_box(input), from, to, ErrorMode::Strict);
            read_all(reader, &mut buffer)
        })
    });
    g.bench_function("utfast/TranscodeReader-BufRead", |b| {
        b.iter(|| {
            let reader =
                TranscodeReader::from_buf_read(black_box(input), from, to, ErrorMode::Strict);
            read_all(reader, &mut buffer)
        })
    });
    g.bench_function("encoding_rs/Decoder/64k", |b| {
        b.iter(|| rival(black_box(input)))
    });
    g.finish();
}

fn bench_utf8_to_utf16(c: &mut Criterion, id: &str, text: &str) {
    let expected: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mut units = vec![0u16; text.len()];
    let mut dst16 = vec![0u16; CHUNK + 16];
    bench_direction(
        c,
        format!("stream/{id}/utf8-to-utf16le"),
        (Encoding::Utf8, Encoding::Utf16Le),
        text.as_bytes(),
        &expected,
        |input| utfast::utf8::to_utf16(input, &mut units, ByteOrder::Little).unwrap(),
        |input| {
            let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
            decode_chunks(input, |piece, last| {
                decoder.decode_to_utf16_without_replacement(piece, &mut dst16, last)
            })
        },
    );
}

fn bench_utf16_to_utf8(c: &mut Criterion, id: &str, text: &str) {
    let input: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let units: Vec<u16> = text.encode_utf16().map(|u| u.to_le()).collect();
    let mut bytes = vec![0u8; 3 * units.len()];
    let mut dst8 = vec![0u8; 3 * CHUNK / 2 + 16];
    bench_direction(
        c,
        format!("stream/{id}/utf16le-to-utf8"),
        (Encoding::Utf16Le, Encoding::Utf8),
        &input,
        text.as_bytes(),
        // The one call takes the units from an aligned buffer of its own.
        |_| utfast::utf16::to_utf8(black_box(&units), &mut bytes, ByteOrder::Little).unwrap(),
        |input| {
            let mut decoder = encoding_rs::UTF_16LE.new_decoder_without_bom_handling();
            decode_chunks(input, |piece, last| {
                decoder.decode_to_utf8_without_replacement(piece, &mut dst8, last)
            })
        },
    );
}

/// `text` cut at character boundaries into pieces of about `size` bytes.
fn pieces(text: &str, size: usize) -> Vec<&[u8]> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let end = utfast::utf8::ceil_char_boundary(bytes, (start + size).min(bytes.len()));
        out.push(&bytes[start..end]);
        start = end;
    }
    out
}

fn bench_short(c: &mut Criterion, id: &str, text: &str) {
    for size in [16, 64, 256] {
        let pieces = pieces(text, size);
        let mut g = c.benchmark_group(format!("stream-short/{id}/{size}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        let mut units = vec![0u16; 4 * size + 16];
        g.bench_function("utfast/one-shot-per-piece", |b| {
            b.iter(|| {
                let mut total = 0;
                for piece in black_box(&pieces) {
                    total += utfast::utf8::to_utf16(piece, &mut units, ByteOrder::Little).unwrap();
                }
                total
            })
        });
        let mut dst = vec![0u8; 8 * size + 64];
        g.bench_function("utfast/Transcoder", |b| {
            b.iter(|| {
                let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
                let mut total = 0;
                for piece in black_box(&pieces) {
                    total += transcode_piece(&mut t, piece, false, &mut dst);
                }
                total + transcode_piece(&mut t, &[], true, &mut dst)
            })
        });
        g.bench_function("utfast/validate_utf8-per-piece", |b| {
            b.iter(|| black_box(&pieces).iter().all(|p| utfast::validate_utf8(p)))
        });
        g.bench_function("utfast/Utf8Validator", |b| {
            b.iter(|| {
                let mut v = Utf8Validator::new();
                for piece in black_box(&pieces) {
                    v.update(piece).unwrap();
                }
                v.finish().unwrap()
            })
        });
        g.finish();
    }
}

fn bench_text(c: &mut Criterion, id: &str, text: &str) {
    bench_validate(c, id, text.as_bytes());
    bench_utf8_to_utf16(c, id, text);
    bench_utf16_to_utf8(c, id, text);
    bench_short(c, id, text);
}

fn main() {
    let mut c = common::criterion();
    eprintln!("CPU: {}", common::cpu_model());
    for (script, text) in common::generated_texts(GENERATED_SIZE) {
        bench_text(&mut c, &format!("gen/{script}"), &text);
    }
    let default = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let corpus = common::corpus_dir().or_else(|| default.is_dir().then_some(default));
    match corpus {
        None => eprintln!("no corpus (set UTFAST_CORPUS): generated text only"),
        Some(dir) => {
            for (rel, text) in common::utf8_texts(&dir) {
                bench_text(&mut c, &format!("corpus/{rel}"), &text);
            }
        }
    }
    c.final_summary();
}
