//! `utfast repair`: makes each FILE valid UTF-8 in place, replacing each invalid
//! sequence by U+FFFD exactly as `String::from_utf8_lossy` does on the whole file.
//! The file streams through in blocks, and the library does the work: its
//! `Utf8Validator` finds the first invalid sequence ([`scan`]; a valid file is
//! not written to), then its `stream::repair_copy_with_buffer` replaces each
//! one from there on, whatever the blocks cut. The repaired text goes to a
//! temporary file beside the file (the valid start copied as it is), renamed
//! over the file only at the end, so the original is untouched on any failure. `--backup` keeps the
//! original as FILE.bak (a hard link, or a copy where links are refused).

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueHint};
use utfast::stream::{repair_copy_with_buffer, validate_reader, CopyIoError};

use crate::shared::input::CHUNK;
use crate::shared::output::{TempOutput, OUT_BUFFER};
use crate::shared::progress::ProgressArgs;
use crate::shared::report::{warn, Status};

/// What `utfast repair` was asked to do.
#[derive(Args, Debug, PartialEq, Eq)]
pub struct RepairOptions {
    /// Keep each repaired FILE's original as FILE.bak (refused if FILE.bak exists)
    #[arg(long)]
    pub backup: bool,
    /// No line per repaired FILE; errors are still reported
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// The files to repair
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
}

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
        match repair(path, options, CHUNK) {
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

/// Repairs the file at `path`, repairing `block` bytes at a time, with a progress
/// bar if `options` ask for one. The error is a message that says what failed
/// and what became of the file.
fn repair(path: &Path, options: &RepairOptions, block: usize) -> Result<Repaired, String> {
    let shown = path.display();
    let metadata = fs::metadata(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    if !metadata.is_file() {
        return Err(format!(
            "cannot repair '{shown}': not a regular file (repair rewrites files in place)"
        ));
    }
    let read_error = |e: io::Error| format!("cannot read '{shown}': {e}; it is left unchanged");
    let mut buffer = vec![0u8; block.max(1)];
    let reader = File::open(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    let bar = (options.progress).bar(options.quiet, Some(metadata.len()), &shown.to_string());
    let mut done = Repaired {
        replaced: 0,
        first: 0,
        backup: None,
    };
    match validate_reader(bar.wrap_read(reader), false).map_err(read_error)? {
        Ok(_) => return Ok(done),
        Err(error) => done.first = error.offset(),
    }
    let (mut temp, file) = TempOutput::create(path, Some(metadata))?;
    let mut writer = BufWriter::with_capacity(OUT_BUFFER, file);
    // The file again from the start: its valid start as it is, then the rest
    // repaired.
    let mut original = File::open(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    let copied = io::copy(&mut (&mut original).take(done.first), &mut writer)
        .map_err(|e| format!("cannot write the repair of '{shown}': {e}"))?;
    if copied != done.first {
        return Err(format!(
            "cannot repair '{shown}': it changed while being read; it is left unchanged"
        ));
    }
    bar.set_position(done.first);
    done.replaced = match repair_copy_with_buffer(bar.wrap_read(original), &mut writer, &mut buffer)
    {
        Ok(replaced) => replaced,
        Err(CopyIoError::Read(e)) => return Err(read_error(e)),
        Err(CopyIoError::Write(e)) => {
            return Err(format!("cannot write '{shown}': {e}; it is left unchanged"))
        }
    };
    if options.backup {
        // Removed with the temporary file if the repair fails or is
        // interrupted: no backup of a file left as it was (it would refuse
        // the next try).
        let untouched = |message| format!("{message}; '{shown}' is left unchanged");
        let (backup, copy) = temp.companion(|| reserve_backup(path)).map_err(untouched)?;
        if let Some(copy) = copy {
            copy_original(path, copy, &backup).map_err(untouched)?;
        }
        done.backup = Some(backup);
    }
    temp.commit(writer)?;
    Ok(done)
}

/// Reserves `PATH.bak` for the original of `path` (the file it links to, for
/// a symbolic link): a hard link to it (then `None`: done), or where links are
/// refused a new empty file to copy it into ([`copy_original`]). Refuses to
/// replace an existing backup.
fn reserve_backup(path: &Path) -> Result<(PathBuf, Option<File>), String> {
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
    if fs::hard_link(&original, &backup).is_ok() {
        return Ok((backup, None));
    }
    // A new file only: never one that appeared since, nor a link's target.
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&backup)
        .map_err(|e| format!("cannot keep the original as '{shown}': {e}"))?;
    Ok((backup, Some(file)))
}

/// Copies the original of `path` into `copy`, the backup [`reserve_backup`]
/// made, with its permissions.
fn copy_original(path: &Path, mut copy: File, backup: &Path) -> Result<(), String> {
    let failed = |e: io::Error| format!("cannot keep the original as '{}': {e}", backup.display());
    let mut original = File::open(path).map_err(failed)?;
    io::copy(&mut original, &mut copy).map_err(failed)?;
    let permissions = original.metadata().map_err(failed)?.permissions();
    copy.set_permissions(permissions).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repairs `path` with no progress bar.
    fn repair(path: &Path, backup: bool, block: usize) -> Result<Repaired, String> {
        let options = RepairOptions {
            backup,
            quiet: true,
            progress: ProgressArgs::default(),
            files: Vec::new(),
        };
        super::repair(path, &options, block)
    }

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
        for block in [1, 2, 3, 4, 5, 6, 7, 9, 16, 64, CHUNK] {
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

        // A backup is never replaced: refused, file untouched (tests/cli.rs
        // checks the backup kept).
        let bad = dir.join("bad.txt");
        fs::write(dir.join("bad.txt.bak"), b"older").unwrap();
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
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Where a hard link is refused, the backup is a copy with the original's
    /// bytes and permissions, into a file that did not exist (never through a
    /// link planted at its name).
    #[cfg(unix)]
    #[test]
    fn backups_copied_where_links_are_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("copy");
        let original = dir.join("orig.txt");
        fs::write(&original, b"bytes \xFF").unwrap();
        fs::set_permissions(&original, fs::Permissions::from_mode(0o640)).unwrap();
        let backup = dir.join("orig.txt.bak");
        let copy = fs::File::create_new(&backup).unwrap();
        copy_original(&original, copy, &backup).unwrap();
        assert_eq!(fs::read(&backup).unwrap(), b"bytes \xFF");
        let mode = fs::metadata(&backup).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        // A name taken between the check and the copy: refused.
        let planted = dir.join("planted.txt");
        std::os::unix::fs::symlink(&planted, dir.join("other.txt.bak")).unwrap();
        fs::write(dir.join("other.txt"), b"x").unwrap();
        let reserved = reserve_backup(&dir.join("other.txt"));
        assert!(reserved.is_err());
        assert!(!planted.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
