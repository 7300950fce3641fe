//! Helpers shared by the integration tests: the engines of every kernel this CPU
//! runs, the quick-run switch and the number of property-test cases, the edge
//! bytes of exhaustive inputs, the corpus, and text encoded by independent
//! encoders.
#![allow(dead_code)]

use utfast::{Encoding, Engine, Kernel};

/// An engine for every kernel this CPU supports.
pub fn engines() -> Vec<Engine> {
    Kernel::available()
        .map(|k| Engine::new(k).expect("available kernels construct"))
        .collect()
}

/// True when `UTFAST_TEST_QUICK` asks for a quick run (set, and not `0`): emulated
/// CPUs, where the exhaustive sets shrink.
pub fn quick() -> bool {
    std::env::var_os("UTFAST_TEST_QUICK").is_some_and(|v| v != "0")
}

/// Property-test cases: `PROPTEST_CASES` when set, else `full`, or a tenth of it
/// (at least 32) in a quick run.
pub fn cases(full: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick() { (full / 10).max(32) } else { full })
}

/// Bytes at the edges of the ranges of Unicode's Table 3-7 (and of RFC 2279's
/// longer forms), plus ASCII: every kind of byte that starts, continues or breaks
/// a sequence, for exhaustive short inputs.
pub const EDGE_BYTES: [u8; 24] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
    0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFF,
];

/// The files of the text corpus (`UTFAST_CORPUS`, else `../shared/corpus`) whose
/// names end with `suffix`, sorted; none when there is no corpus.
pub fn corpus_files(suffix: &str) -> Vec<std::path::PathBuf> {
    let dir = std::env::var_os("UTFAST_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
        });
    let mut files = Vec::new();
    for sub in ["lipsum", "wikipedia_mars"] {
        for entry in std::fs::read_dir(dir.join(sub))
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.path().to_string_lossy().ends_with(suffix) {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    files
}

/// The corpus files whose names end with `suffix`, or `None` when there are none:
/// the test that needs them says so on standard error and skips.
pub fn corpus_or_skip(suffix: &str) -> Option<Vec<std::path::PathBuf>> {
    let files = corpus_files(suffix);
    if files.is_empty() {
        eprintln!("no corpus found: set UTFAST_CORPUS; skipping");
        return None;
    }
    Some(files)
}

/// `text` in `encoding`, by std and the `cesu8` crate; `None` when the encoding
/// cannot hold it.
pub fn encode(text: &str, encoding: Encoding) -> Option<Vec<u8>> {
    Some(match encoding {
        Encoding::Utf8 | Encoding::Wtf8 => text.as_bytes().to_vec(),
        Encoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf32Le => text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect(),
        Encoding::Utf32Be => text
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect(),
        Encoding::Latin1 => text
            .chars()
            .map(|c| u8::try_from(c).ok())
            .collect::<Option<_>>()?,
        Encoding::Windows1252 => {
            let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
            if unmappable {
                return None;
            }
            bytes.into_owned()
        }
        Encoding::Cesu8 => cesu8::to_cesu8(text).into_owned(),
        Encoding::Mutf8 => cesu8::to_java_cesu8(text).into_owned(),
        _ => return None,
    })
}
