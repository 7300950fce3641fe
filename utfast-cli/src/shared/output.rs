//! Writing an output file so that a failure leaves the user's file as it was:
//! the output goes to a temporary file beside the target ([`TempOutput`], made
//! by the `tempfile` crate), renamed over it only once everything is written and
//! flushed to disk. An interrupted run (Ctrl-C, `SIGTERM`, `SIGHUP`) removes
//! its temporary files before it exits with status 130.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

use tempfile::TempPath;

use crate::shared::report::warn;

/// The output buffer in front of standard output or the output file.
pub const OUT_BUFFER: usize = 1 << 16;

/// Where `-o` sends the output.
pub enum Output<'a> {
    /// Standard output: no `-o`, `-o -`, or a name for the file standard
    /// output already writes to.
    Stdout,
    /// The file `path`: written through `temp` when it replaces a regular
    /// file (or makes a new one), else directly (a device, a pipe).
    File {
        path: &'a Path,
        temp: Option<TempOutput>,
        file: File,
    },
}

/// Opens the output `-o` names (`arg`): standard output for none, `-`, or
/// the file standard output already writes to (`/dev/stdout`, or a file the
/// shell redirected it to: then the output goes there in order with what
/// else is written, and the file is not replaced); otherwise the file, see
/// [`open_file`]. The error is a message.
pub fn open_output(arg: Option<&Path>) -> Result<Output<'_>, String> {
    match arg {
        Some(path) if path != Path::new("-") && !is_stdout(path) => {
            let (temp, file) = open_file(path)?;
            Ok(Output::File { path, temp, file })
        }
        _ => Ok(Output::Stdout),
    }
}

/// Whether `path` is the file standard output already writes to.
#[cfg(unix)]
fn is_stdout(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let stdout = std::io::stdout();
    let Ok(stdout) = stdout.as_fd().try_clone_to_owned() else {
        return false;
    };
    match (File::from(stdout).metadata(), fs::metadata(path)) {
        (Ok(out), Ok(named)) => (out.dev(), out.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn is_stdout(_: &Path) -> bool {
    false
}

/// Opens `target` for writing: a temporary file beside a regular file (or a new
/// file), renamed over it by [`TempOutput::commit`]; other files (a device, a
/// pipe) directly. The error is a message.
fn open_file(target: &Path) -> Result<(Option<TempOutput>, File), String> {
    let shown = target.display();
    match fs::metadata(target) {
        Ok(metadata) if metadata.is_dir() => Err(format!(
            "cannot write '{shown}': it is a directory (give -o a file name)"
        )),
        Ok(metadata) if !metadata.is_file() => OpenOptions::new()
            .write(true)
            .open(target)
            .map(|file| (None, file))
            .map_err(|error| format!("cannot write '{shown}': {error}")),
        // A stream named by the system (`/dev/stderr`, `/dev/fd/3`,
        // `/proc/self/fd/3`) that leads to a regular file: written where it
        // is, appended to as the stream it stands for would be, never
        // replaced (a file renamed over it would lose what the stream's
        // other writers wrote and will write).
        Ok(_) if target.starts_with("/dev") || target.starts_with("/proc") => OpenOptions::new()
            .append(true)
            .open(target)
            .map(|file| (None, file))
            .map_err(|error| format!("cannot write '{shown}': {error}")),
        Ok(metadata) => {
            // Refused where a shell's `>` would refuse it (a read-only file):
            // opened for writing, not truncated, to ask the system.
            if let Err(error) = OpenOptions::new().write(true).open(target) {
                return Err(format!("cannot write '{shown}': {error}"));
            }
            TempOutput::create(target, Some(metadata)).map(|(temp, file)| (Some(temp), file))
        }
        Err(_) => TempOutput::create(target, None).map(|(temp, file)| (Some(temp), file)),
    }
}

/// The output file while it is being written: a temporary file in the same
/// directory, removed on drop unless [`commit`](TempOutput::commit) renamed it
/// over the target.
pub struct TempOutput {
    /// As given, for messages.
    target: PathBuf,
    /// What the temporary file replaces: `target`, or the file it links to.
    destination: PathBuf,
    /// `None` once renamed over the target.
    path: Option<TempPath>,
    /// Whether `target` existed before.
    existed: bool,
}

/// A temporary file being written, as an interruption finds it.
struct Pending {
    temp: PathBuf,
    /// A file made for the output (repair's backup of the original), removed
    /// with it.
    companion: Option<PathBuf>,
    /// What becomes of the target when they are removed.
    untouched: String,
}

/// The temporary files being written: those an interruption removes.
static PENDING: Mutex<Vec<Pending>> = Mutex::new(Vec::new());

/// [`PENDING`], locked (a thread that panicked while holding it left a list
/// that is still right).
fn pending() -> MutexGuard<'static, Vec<Pending>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sets the handler of interruptions, once: it removes the temporary files
/// being written (and their companions), says so, and exits with status 130
/// (as a shell reports an interrupted command). It runs on a thread of its
/// own, and waits for a rename under way to finish.
fn remove_on_interrupt() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        // Without the handler (another one set), an interruption leaves the
        // temporary file: no reason to refuse the conversion.
        let _ = ctrlc::set_handler(|| {
            let files = pending();
            if files.is_empty() {
                // Between files, or as one was renamed: it is complete.
                warn(format_args!("interrupted"));
            }
            for file in files.iter() {
                let _ = fs::remove_file(&file.temp);
                if let Some(companion) = &file.companion {
                    let _ = fs::remove_file(companion);
                }
                warn(format_args!("interrupted; {}", file.untouched));
            }
            std::process::exit(130);
        });
    });
}

/// Takes the entry of `temp` off `files`: its companion, if any.
fn unlist(files: &mut Vec<Pending>, temp: &Path) -> Option<PathBuf> {
    let at = files.iter().position(|file| file.temp == temp)?;
    files.swap_remove(at).companion
}

impl TempOutput {
    /// Creates `.NAME.XXXXXX.utfast-tmp` beside `target` (beside the file it
    /// links to, if it is a symbolic link), with exactly the permissions of the
    /// `existing` file (and its owner and group where allowed), or for a new file those a shell's `>` gives one (on
    /// Unix 0666 less the umask, not the 0600 of a temporary file). The error
    /// is a message.
    pub fn create(
        target: &Path,
        existing: Option<fs::Metadata>,
    ) -> Result<(TempOutput, File), String> {
        let shown = target.display();
        // A symbolic link's target is written, even one that does not exist
        // yet (as `>` creates it).
        let destination =
            fs::canonicalize(target).unwrap_or_else(|_| match fs::read_link(target) {
                Ok(link) => target.parent().unwrap_or(Path::new("")).join(link),
                Err(_) => target.to_path_buf(),
            });
        let Some(name) = destination.file_name() else {
            return Err(format!(
                "cannot write '{shown}': not a file name (give -o a file name)"
            ));
        };
        let dir = match destination.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        let prefix = format!(".{}.", name.to_string_lossy());
        builder.prefix(&prefix).suffix(".utfast-tmp");
        match &existing {
            Some(metadata) => {
                builder.permissions(metadata.permissions());
            }
            None => {
                #[cfg(unix)]
                builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
            }
        }
        remove_on_interrupt();
        let mut temp = TempOutput {
            target: target.to_path_buf(),
            destination: destination.clone(),
            path: None,
            existed: existing.is_some(),
        };
        // Listed as it is created: an interruption waits for the list, and
        // then finds the file on it.
        let mut files = pending();
        let (file, path) = builder
            .tempfile_in(dir)
            .map_err(|error| {
                // The system's reason, without the path the `tempfile` crate adds.
                let reason = io::Error::from(error.kind());
                format!(
                    "cannot write '{shown}': cannot create a temporary file beside it in '{}' \
                     (it is written there, then renamed): {reason}; to write the file in \
                     place, use '-o -' and redirect standard output to it",
                    dir.display()
                )
            })?
            .into_parts();
        files.push(Pending {
            temp: path.to_path_buf(),
            companion: None,
            untouched: temp.untouched(),
        });
        drop(files);
        // From here on, dropping `temp` removes the file and its entry.
        temp.path = Some(path);
        if let Some(metadata) = &existing {
            // The owner and group of the file it replaces, where this user may
            // give them (root may; others may keep a group they belong to).
            #[cfg(unix)]
            {
                use std::os::unix::fs::{fchown, MetadataExt};
                if fchown(&file, Some(metadata.uid()), Some(metadata.gid())).is_err() {
                    let _ = fchown(&file, None, Some(metadata.gid()));
                }
            }
            // The mode given at creation lost the bits the umask clears (and a
            // change of owner clears set-user-ID).
            file.set_permissions(metadata.permissions()).map_err(|error| {
                format!("cannot write '{shown}': cannot give the temporary file its permissions: {error}")
            })?;
        }
        Ok((temp, file))
    }

    /// Flushes `writer` (of the temporary file) to disk and renames the file over
    /// the target. The error is a message that says the target is untouched.
    pub fn commit(mut self, writer: BufWriter<File>) -> Result<(), String> {
        let shown = self.target.display().to_string();
        let untouched = self.untouched();
        let file = writer
            .into_inner()
            .map_err(|error| format!("cannot write '{shown}': {}; {untouched}", error.error()))?;
        file.sync_all()
            .map_err(|error| format!("cannot write '{shown}': {error}; {untouched}"))?;
        drop(file);
        let mut files = pending();
        // `None` cannot be: only `commit`, which takes `self`, renames it.
        let Some(path) = self.path.take() else {
            return Ok(());
        };
        let companion = unlist(&mut files, &path);
        path.persist(&self.destination).map_err(|error| {
            // Removed now, not when dropped: no longer in the list.
            let _ = error.path.close();
            if let Some(companion) = companion {
                let _ = fs::remove_file(companion);
            }
            format!(
                "cannot write '{shown}': cannot rename the temporary file to it: {}; {untouched}",
                error.error
            )
        })
    }

    /// Makes a file that belongs with the output (`make` returns its path,
    /// and what else it made: repair's backup of the original, reserved),
    /// which is removed with the temporary file if the run fails or is
    /// interrupted, and kept once [`commit`](TempOutput::commit) succeeds.
    /// `make` runs while interruptions wait: it should be quick.
    pub fn companion<T>(
        &mut self,
        make: impl FnOnce() -> Result<(PathBuf, T), String>,
    ) -> Result<(PathBuf, T), String> {
        let mut files = pending();
        let (made, also) = make()?;
        let temp = self.path.as_deref();
        if let Some(file) = files.iter_mut().find(|file| Some(&*file.temp) == temp) {
            file.companion = Some(made.clone());
        }
        Ok((made, also))
    }

    /// What became of the target after a failure.
    pub fn untouched(&self) -> String {
        let shown = self.target.display();
        if self.existed {
            format!("'{shown}' is left unchanged")
        } else {
            format!("'{shown}' was not created")
        }
    }
}

impl Drop for TempOutput {
    /// Removes the temporary file (unless renamed) and its companion, and
    /// takes them off the list an interruption removes, under one lock.
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            let mut files = pending();
            if let Some(companion) = unlist(&mut files, &path) {
                let _ = fs::remove_file(companion);
            }
            let _ = path.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A companion is removed with the temporary file when the output is
    /// dropped unwritten, kept when it is committed; either way the list an
    /// interruption removes is left without them.
    #[test]
    fn companions_go_with_the_temporary_file() {
        let dir = std::env::temp_dir().join(format!("utfast-output-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir(&dir).unwrap();
        let target = dir.join("out.txt");
        fs::write(&target, b"original").unwrap();
        let backup = dir.join("out.txt.bak");
        let listed = |temp: &TempOutput| {
            let files = pending();
            let temp = temp.path.as_deref().unwrap();
            let file = files.iter().find(|file| file.temp == temp);
            file.map(|file| file.companion.clone())
        };
        for commit in [false, true] {
            let (mut temp, file) = TempOutput::create(&target, fs::metadata(&target).ok()).unwrap();
            assert_eq!(listed(&temp), Some(None));
            let made = temp.companion(|| {
                fs::copy(&target, &backup).map_err(|e| e.to_string())?;
                Ok((backup.clone(), ()))
            });
            assert_eq!(made, Ok((backup.clone(), ())));
            assert_eq!(listed(&temp), Some(Some(backup.clone())));
            let temp_path = temp.path.as_deref().unwrap().to_path_buf();
            let mut writer = BufWriter::new(file);
            io::Write::write_all(&mut writer, b"new").unwrap();
            if commit {
                temp.commit(writer).unwrap();
                assert_eq!(fs::read(&target).unwrap(), b"new");
                assert_eq!(fs::read(&backup).unwrap(), b"original");
            } else {
                drop(writer);
                drop(temp);
                assert_eq!(fs::read(&target).unwrap(), b"original");
                assert!(!backup.exists());
            }
            assert!(!temp_path.exists(), "commit {commit}");
            assert!(pending().iter().all(|file| file.temp != temp_path));
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
