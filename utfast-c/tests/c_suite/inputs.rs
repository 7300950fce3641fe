//! The inputs the C API's answers are compared on, written to files and listed
//! in a manifest that `tests/dump_results.c` reads (`<format> <path>` a line):
//!
//! - random input (a fixed seed; `UTFAST_C_SEED` picks another) of lengths
//!   around the kernels' block sizes: text with a few bytes changed, plain
//!   random bytes, UTF-16 with stray surrogates, UTF-32 with invalid values,
//!   each file read in every format;
//! - the text corpus (`UTFAST_CORPUS`, else `../shared/corpus` beside the
//!   repository; skipped with a notice when absent), each file in its own
//!   format, and the Lipsum texts also as UTF-32.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::toolchain::notice;

/// A file and the format it is read in (`utf8`, `utf16`, `utf32`, `bytes`).
pub struct Input {
    pub format: &'static str,
    pub path: PathBuf,
}

/// Writes `inputs` as the manifest at `path`.
pub fn write_manifest(inputs: &[Input], path: &Path) {
    let mut manifest = String::new();
    for input in inputs {
        writeln!(manifest, "{} {}", input.format, input.path.display()).unwrap();
    }
    std::fs::write(path, manifest).expect("write the manifest");
}

/// A small fast generator (xorshift64*), enough for test input.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A character: ASCII most often, then Latin-1, the rest of the BMP, and
    /// the supplementary planes.
    fn char(&mut self) -> char {
        let cp = match self.below(20) {
            0..=11 => self.below(0x80),
            12..=14 => 0x80 + self.below(0x80),
            15..=17 => 0x100 + self.below(0xFFFF - 0x100),
            _ => 0x10000 + self.below(0x100000),
        };
        char::from_u32(cp as u32).unwrap_or('\u{FFFD}')
    }

    fn text(&mut self, chars: usize) -> String {
        (0..chars).map(|_| self.char()).collect()
    }
}

/// Lengths around the kernels' 16-, 32- and 64-byte blocks and their short
/// paths, and a few longer ones.
const LENGTHS: [usize; 24] = [
    0, 1, 2, 3, 4, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 513, 1000,
    4099,
];

/// Writes the random inputs into `dir`.
pub fn random_inputs(dir: &Path, seed: u64) -> Vec<Input> {
    let mut rng = Rng::new(seed);
    let mut inputs = Vec::new();
    for (i, &len) in LENGTHS.iter().enumerate() {
        let mut text = rng.text(len).into_bytes();
        text.truncate(len);
        let mutated = mutate(&mut rng, text.clone());
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let utf16 = utf16_with_strays(&mut rng, len / 2);
        let utf32 = utf32_with_invalid(&mut rng, len / 4);
        for (kind, content) in [
            ("text", text),
            ("mutated", mutated),
            ("bytes", bytes),
            ("utf16", utf16),
            ("utf32", utf32),
        ] {
            let path = dir.join(format!("random-{i:02}-{len}-{kind}.bin"));
            std::fs::write(&path, content).expect("write an input");
            for format in ["utf8", "utf16", "utf32", "bytes"] {
                inputs.push(Input {
                    format,
                    path: path.clone(),
                });
            }
        }
    }
    inputs
}

/// `bytes` with one to three bytes changed, or none, at random.
fn mutate(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.is_empty() {
        return bytes;
    }
    for _ in 0..rng.below(4) {
        let at = rng.below(bytes.len() as u64) as usize;
        bytes[at] = rng.next() as u8;
    }
    bytes
}

/// UTF-16LE bytes of random text, `units` long, with a few units replaced by
/// surrogates that may not pair.
fn utf16_with_strays(rng: &mut Rng, units: usize) -> Vec<u8> {
    let mut text: Vec<u16> = rng.text(units).encode_utf16().take(units).collect();
    text.resize(units, 0x20);
    for _ in 0..rng.below(3) {
        if let Some(unit) = text.get_mut(rng.below(units.max(1) as u64) as usize) {
            *unit = 0xD800 + rng.below(0x800) as u16;
        }
    }
    text.iter().flat_map(|u| u.to_le_bytes()).collect()
}

/// UTF-32 (this machine's order) of random text with a few values replaced by
/// surrogates or values above U+10FFFF.
fn utf32_with_invalid(rng: &mut Rng, values: usize) -> Vec<u8> {
    let mut text: Vec<u32> = rng.text(values).chars().map(u32::from).collect();
    for _ in 0..rng.below(3) {
        if let Some(value) = text.get_mut(rng.below(values.max(1) as u64) as usize) {
            *value = match rng.below(3) {
                0 => 0xD800 + rng.below(0x800) as u32,
                1 => 0x110000 + rng.below(0x1000) as u32,
                _ => rng.next() as u32,
            };
        }
    }
    text.iter().flat_map(|v| v.to_ne_bytes()).collect()
}

/// The corpus files, each in its own format, and UTF-32 copies of the Lipsum
/// texts written into `dir`; none (after a notice) without a corpus.
pub fn corpus_inputs(dir: &Path) -> Vec<Input> {
    let root = std::env::var_os("UTFAST_CORPUS").map_or_else(
        || super::toolchain::crate_dir().join("../../shared/corpus"),
        PathBuf::from,
    );
    let mut files: Vec<PathBuf> = ["lipsum", "wikipedia_mars"]
        .iter()
        .flat_map(|sub| std::fs::read_dir(root.join(sub)).into_iter().flatten())
        .flatten()
        .map(|entry| entry.path())
        .collect();
    files.sort();
    if files.is_empty() {
        notice(&format!(
            "no corpus at {} (set UTFAST_CORPUS): corpus comparisons SKIPPED",
            root.display()
        ));
        return Vec::new();
    }
    let mut inputs = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let format = if name.ends_with(".utf8.txt") {
            "utf8"
        } else if name.ends_with(".utf16.txt") {
            "utf16"
        } else if name.ends_with(".latin1.txt") {
            "bytes"
        } else {
            continue;
        };
        let lipsum = path.parent().is_some_and(|p| p.ends_with("lipsum"));
        if format == "utf8" && lipsum {
            let text = std::fs::read(&path).expect("read a corpus file");
            let values: Vec<u8> = String::from_utf8_lossy(&text)
                .chars()
                .flat_map(|c| u32::from(c).to_ne_bytes())
                .collect();
            let copy = dir.join(name.replace(".utf8.txt", ".utf32.bin"));
            std::fs::write(&copy, values).expect("write a UTF-32 copy");
            inputs.push(Input {
                format: "utf32",
                path: copy,
            });
        }
        inputs.push(Input { format, path });
    }
    inputs
}
