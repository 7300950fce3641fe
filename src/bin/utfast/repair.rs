//! `utfast repair`: makes each FILE valid UTF-8 in place, replacing each invalid
//! sequence by U+FFFD exactly as `String::from_utf8_lossy` does on the whole file.
//! The file streams through in blocks (a sequence cut by a block edge is carried
//! over, so the pieces are those of the whole file). Nothing is written while the
//! file is valid; from its first invalid sequence on, the repaired text goes to a
//! temporary file beside it (the valid start copied first), renamed over the file
//! only at the end, so the original is untouched on any failure. `--backup` keeps
//! the original as FILE.bak (a hard link, or a copy where links are refused).

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::args::RepairOptions;
use crate::convert::{TempOutput, OUT_BUFFER};
use crate::validate::{fill, CHUNK};
use crate::{warn, Status};

/// What repairing one file did.
#[derive(Debug, PartialEq, Eq)]
struct Repaired {
    /// Invalid sequences replaced (0: the file was valid and is unchanged).
    replaced: u64,
    /// The byte offset of the first of them.
    first: u64,
    /// Where the original was kept, with `--backup`.
    backup: Option<PathBuf>,
}

/// Repairs every file; an error is a failure to write to standard output.
pub fn run(options: &RepairOptions, out: &mut impl Write) -> io::Result<Status> {
    let mut status = Status::Success;
    for path in &options.files {
        match repair(path, options.backup, CHUNK) {
            Ok(done) if done.replaced == 0 || options.quiet => {}
            Ok(done) => {
                let plural = if done.replaced == 1 { "" } else { "s" };
                write!(
                    out,
                    "{}: replaced {} invalid sequence{plural} with U+FFFD (the first at byte {})",
                    path.display(),
                    done.replaced,
                    done.first
                )?;
                match &done.backup {
                    Some(backup) => writeln!(out, "; original kept as {}", backup.display())?,
                    None => writeln!(out)?,
                }
            }
            Err(message) => {
                warn(format_args!("{message}"));
                status = Status::Error;
            }
        }
    }
    Ok(status)
}

/// The file being written once the first invalid sequence is found.
struct Output {
    temp: TempOutput,
    writer: BufWriter<File>,
}

/// Repairs the file at `path`, reading `block` bytes at a time. The error is a
/// message that says what failed and what became of the file.
fn repair(path: &Path, backup: bool, block: usize) -> Result<Repaired, String> {
    let shown = path.display();
    let metadata = fs::metadata(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    if !metadata.is_file() {
        return Err(format!(
            "cannot repair '{shown}': not a regular file (repair rewrites files in place)"
        ));
    }
    let mut reader = File::open(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    let read_error = |e: io::Error| format!("cannot read '{shown}': {e}; it is left unchanged");
    let write_error = |e: io::Error| format!("cannot write '{shown}': {e}; it is left unchanged");
    let block = block.max(4);
    let mut buffer = vec![0u8; block];
    let mut output: Option<Output> = None;
    let mut done = Repaired {
        replaced: 0,
        first: 0,
        backup: None,
    };
    // Bytes before `buffer[0]`, and bytes carried at its start.
    let (mut offset, mut carried) = (0u64, 0usize);
    loop {
        let filled = carried + fill(&mut reader, &mut buffer[carried..]).map_err(read_error)?;
        let at_end = filled < block;
        let end = if at_end {
            filled
        } else {
            filled - utfast::incomplete_tail_len(&buffer[..filled])
        };
        let text = &buffer[..end];
        if output.is_none() {
            if let Err(error) = utfast::from_utf8(text) {
                done.first = offset + error.valid_up_to() as u64;
                output = Some(start_output(path, &metadata, offset)?);
            }
        }
        if let Some(Output { writer, .. }) = &mut output {
            for chunk in utfast::utf8_chunks(text) {
                writer
                    .write_all(chunk.valid().as_bytes())
                    .map_err(write_error)?;
                if !chunk.invalid().is_empty() {
                    writer
                        .write_all("\u{FFFD}".as_bytes())
                        .map_err(write_error)?;
                    done.replaced += 1;
                }
            }
        }
        if at_end {
            break;
        }
        offset += end as u64;
        buffer.copy_within(end..filled, 0);
        carried = filled - end;
    }
    let Some(Output { mut temp, writer }) = output else {
        return Ok(done);
    };
    if backup {
        done.backup = Some(
            keep_original(path)
                .map_err(|message| format!("{message}; '{shown}' is left unchanged"))?,
        );
    }
    temp.commit(writer)
        .map_err(|message| format!("{message}; {}", temp.untouched()))?;
    Ok(done)
}

/// Creates the temporary file beside `path` and copies the first `valid` bytes,
/// which are valid UTF-8, into it.
fn start_output(path: &Path, metadata: &fs::Metadata, valid: u64) -> Result<Output, String> {
    let shown = path.display();
    let (temp, file) = TempOutput::create(path, Some(metadata.clone()))?;
    let mut writer = BufWriter::with_capacity(OUT_BUFFER, file);
    let mut original = File::open(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    let copied = io::copy(&mut (&mut original).take(valid), &mut writer)
        .map_err(|e| format!("cannot write the repair of '{shown}': {e}"))?;
    if copied != valid {
        return Err(format!(
            "cannot repair '{shown}': it changed while being read; it is left unchanged"
        ));
    }
    Ok(Output { temp, writer })
}

/// Keeps the original of `path` (the file it links to, for a symbolic link) as
/// `PATH.bak`: a hard link, or a copy. Refuses to replace an existing backup.
fn keep_original(path: &Path) -> Result<PathBuf, String> {
    let mut name = path.as_os_str().to_owned();
    name.push(".bak");
    let backup = PathBuf::from(name);
    let shown = backup.display();
    if fs::symlink_metadata(&backup).is_ok() {
        return Err(format!(
            "cannot keep the original as '{shown}': it exists (move it away, or repair without --backup)"
        ));
    }
    let original = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if fs::hard_link(&original, &backup).is_err() {
        fs::copy(&original, &backup)
            .map_err(|e| format!("cannot keep the original as '{shown}': {e}"))?;
    }
    Ok(backup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("utfast-repair-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Every block size gives `String::from_utf8_lossy` of the whole file.
    #[test]
    fn repairs_as_from_utf8_lossy_whatever_the_block_size() {
        let dir = temp_dir("blocks");
        let input: &[u8] =
            b"ok \xE2\x82 x\xF0\x9F\x98\xFF\x80\xC3\xA9 \xED\xA0\x80\xF0\x9F\x98\x80 end\xE4\xBD";
        let expected = String::from_utf8_lossy(input).into_owned();
        let pieces = input
            .utf8_chunks()
            .filter(|c| !c.invalid().is_empty())
            .count() as u64;
        for block in [4, 5, 6, 7, 9, 16, 64, CHUNK] {
            let path = dir.join("f.txt");
            fs::write(&path, input).unwrap();
            let done = repair(&path, false, block).unwrap();
            assert_eq!(
                fs::read_to_string(&path).unwrap(),
                expected,
                "block {block}"
            );
            assert_eq!((done.replaced, done.first), (pieces, 3), "block {block}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn leaves_valid_files_alone_and_keeps_backups() {
        let dir = temp_dir("backup");
        let valid = dir.join("valid.txt");
        fs::write(&valid, "fine ✓").unwrap();
        let before = fs::metadata(&valid).unwrap().modified().unwrap();
        let done = repair(&valid, true, 8).unwrap();
        assert_eq!((done.replaced, done.backup), (0, None));
        assert_eq!(fs::metadata(&valid).unwrap().modified().unwrap(), before);
        assert!(!dir.join("valid.txt.bak").exists());

        let bad = dir.join("bad.txt");
        fs::write(&bad, b"a\xFFb").unwrap();
        let done = repair(&bad, true, CHUNK).unwrap();
        assert_eq!(done.backup, Some(dir.join("bad.txt.bak")));
        assert_eq!(fs::read(&bad).unwrap(), "a\u{FFFD}b".as_bytes());
        assert_eq!(fs::read(dir.join("bad.txt.bak")).unwrap(), b"a\xFFb");
        // A second backup would replace the first: refused, file untouched.
        fs::write(&bad, b"c\xFF").unwrap();
        let error = repair(&bad, true, CHUNK).unwrap_err();
        assert!(error.contains("exists"), "{error}");
        assert_eq!(fs::read(&bad).unwrap(), b"c\xFF");
        // No temporary file is left behind.
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_what_is_not_a_regular_file() {
        let dir = temp_dir("dir");
        let error = repair(&dir, false, CHUNK).unwrap_err();
        assert!(error.contains("not a regular file"), "{error}");
        let error = repair(&dir.join("missing"), false, CHUNK).unwrap_err();
        assert!(error.contains("cannot read"), "{error}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
