//! Writing an output file so that a failure leaves the user's file as it was:
//! the output goes to a temporary file beside the target ([`TempOutput`], made
//! by the `tempfile` crate), renamed over it only once everything is written and
//! flushed to disk.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

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
    path: TempPath,
    /// Whether `target` existed before.
    existed: bool,
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
        let temp = TempOutput {
            target: target.to_path_buf(),
            destination: destination.clone(),
            path,
            existed: existing.is_some(),
        };
        Ok((temp, file))
    }

    /// Flushes `writer` (of the temporary file) to disk and renames the file over
    /// the target. The error is a message that says the target is untouched.
    pub fn commit(self, writer: BufWriter<File>) -> Result<(), String> {
        let shown = self.target.display().to_string();
        let untouched = self.untouched();
        let file = writer
            .into_inner()
            .map_err(|error| format!("cannot write '{shown}': {}; {untouched}", error.error()))?;
        file.sync_all()
            .map_err(|error| format!("cannot write '{shown}': {error}; {untouched}"))?;
        drop(file);
        self.path.persist(&self.destination).map_err(|error| {
            format!(
                "cannot write '{shown}': cannot rename the temporary file '{}' to it: {}; {untouched}",
                error.path.display(),
                error.error
            )
        })
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
