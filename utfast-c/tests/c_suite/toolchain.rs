//! The C side of the suite: the C and C++ compilers, the static library this
//! test build produced, and compiling and running programs against them.
//!
//! Programs are built with `-std=c99 -Wall -Wextra -Werror -pedantic` (C++:
//! `-std=c++11`) and AddressSanitizer and UndefinedBehaviorSanitizer
//! (`-fno-sanitize-recover=all`), linked against `libutfast_c.a` and
//! `-lpthread -ldl -lm`, into `CARGO_TARGET_TMPDIR/c_suite/`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const SANITIZERS: [&str; 2] = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"];

/// What the C programs are built with.
pub struct Toolchain {
    cc: String,
    cxx: Option<String>,
    sanitize: bool,
    library: PathBuf,
    pub out_dir: PathBuf,
}

/// Says `message` on the terminal even though the test harness captures
/// `eprintln!`: a skipped check must not pass unnoticed.
pub fn notice(message: &str) {
    let _ = writeln!(std::io::stderr(), "c_suite: {message}");
}

/// The crate's directory.
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The toolchain, found once; `None` (after a notice) when there is no C
/// compiler.
pub fn toolchain() -> Option<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Option<Toolchain>> = OnceLock::new();
    TOOLCHAIN.get_or_init(find).as_ref()
}

fn find() -> Option<Toolchain> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    if !runs(&cc) {
        notice(&format!(
            "no C compiler (`{cc} --version` failed): the C suite is SKIPPED"
        ));
        return None;
    }
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let cxx = runs(&cxx).then_some(cxx);
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_suite");
    std::fs::create_dir_all(&out_dir).expect("CARGO_TARGET_TMPDIR is writable");
    let mut toolchain = Toolchain {
        cc,
        cxx,
        sanitize: false,
        library: static_library(),
        out_dir,
    };
    toolchain.sanitize = toolchain.sanitizers_work();
    if !toolchain.sanitize {
        notice("the C compiler cannot build with -fsanitize=address,undefined: C tests run without sanitizers");
    }
    Some(toolchain)
}

fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// `libutfast_c.a` as this `cargo test` built it.
///
/// Cargo builds the library target with all its crate types (the static one
/// included) before the test executables that depend on it, into the directory
/// of those executables: `<target>/<profile>/deps/libutfast_c.a`. (Only `cargo
/// build` copies the libraries up to `<target>/<profile>/`.) So the static
/// library next to this executable is the one built from the sources under
/// test, whatever `CARGO_TARGET_DIR` or the profile, on a fresh clone too; no
/// nested `cargo build` (which would wait for the lock this `cargo test` may
/// hold) is needed.
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let deps = exe.parent().expect("the executable's directory");
    let found = [Some(deps), deps.parent()]
        .into_iter()
        .flatten()
        .map(|dir| dir.join("libutfast_c.a"))
        .find(|path| path.is_file());
    found.unwrap_or_else(|| {
        panic!(
            "libutfast_c.a not found next to {} (cargo builds it with the tests; is \
             crate-type still [\"staticlib\", ...]?)",
            exe.display()
        )
    })
}

impl Toolchain {
    /// Whether a program builds and runs with the sanitizers.
    fn sanitizers_work(&self) -> bool {
        let source = self.out_dir.join("probe.c");
        let binary = self.out_dir.join("probe");
        std::fs::write(&source, "int main(void) { return 0; }\n").expect("write the probe");
        Command::new(&self.cc)
            .args(SANITIZERS)
            .arg(&source)
            .arg("-o")
            .arg(&binary)
            .output()
            .is_ok_and(|out| out.status.success())
            && Command::new(&binary).status().is_ok_and(|s| s.success())
    }

    /// Whether there is a C++ compiler (else a notice).
    pub fn has_cxx(&self) -> bool {
        if self.cxx.is_none() {
            notice("no C++ compiler (`c++ --version` failed): the C++ example is SKIPPED");
        }
        self.cxx.is_some()
    }

    /// Compiles `source` (C99, or C++11 for a `.cpp`) into a program linked
    /// with the static library; panics with the compiler's messages on failure.
    pub fn build(&self, source: &Path) -> PathBuf {
        let cpp = source.extension().is_some_and(|e| e == "cpp");
        let compiler = if cpp {
            self.cxx.as_deref()
        } else {
            Some(self.cc.as_str())
        };
        let compiler = compiler.expect("a compiler for the source");
        let name = source.file_stem().expect("a file name").to_string_lossy();
        let binary = self.out_dir.join(name.as_ref());
        let mut command = Command::new(compiler);
        command
            .arg(if cpp { "-std=c++11" } else { "-std=c99" })
            .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-O1"])
            .arg("-I")
            .arg(crate_dir().join("include"));
        if self.sanitize {
            command.args(SANITIZERS);
        }
        command
            .arg(source)
            .arg(&self.library)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&binary);
        let out = command.output().expect("the compiler runs");
        assert!(
            out.status.success(),
            "{command:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        binary
    }

    /// Compiles `source` (which includes `utfast.h`) to an object file as
    /// `standard` (`c99`, `c++11`, ...), warnings as errors; false when there is
    /// no compiler for it.
    pub fn compile_header(&self, source: &Path, standard: &str) -> bool {
        let cpp = standard.starts_with("c++");
        let Some(compiler) = (if cpp {
            self.cxx.as_deref()
        } else {
            Some(self.cc.as_str())
        }) else {
            return false;
        };
        let out = Command::new(compiler)
            .arg(format!("-std={standard}"))
            .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-c", "-x"])
            .arg(if cpp { "c++" } else { "c" })
            .arg(source)
            .arg("-I")
            .arg(crate_dir().join("include"))
            .arg("-o")
            .arg(self.out_dir.join(format!("header-{standard}.o")))
            .output()
            .expect("the compiler runs");
        assert!(
            out.status.success(),
            "utfast.h does not compile as {standard}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        true
    }
}

/// Runs `binary` with `args` on `kernel` (`UTFAST_KERNEL`); panics, with its
/// output, when it fails or a sanitizer reports anything.
pub fn run(binary: &Path, args: &[&Path], kernel: &str) -> Output {
    let out = Command::new(binary)
        .args(args)
        .env("UTFAST_KERNEL", kernel)
        .env("UBSAN_OPTIONS", "print_stacktrace=1")
        .output()
        .expect("the test program runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let sanitizer = stderr.contains("runtime error:") || stderr.contains("Sanitizer");
    assert!(
        out.status.success() && !sanitizer,
        "{} on kernel {kernel} failed ({}):\n{}{}",
        binary.display(),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        stderr
    );
    out
}

/// The names of the kernels this CPU runs, as `UTFAST_KERNEL` takes them.
pub fn kernels() -> Vec<&'static str> {
    utfast::Kernel::available().map(|k| k.name()).collect()
}
