/**
 * What destructive calls look like in the one-liner languages. Each pattern is a bounded
 * regular expression over the code text; a match names the call in the explanation.
 */
export type CodeLanguage = 'python' | 'node' | 'perl' | 'ruby' | 'php' | 'r' | 'julia';

export const LANGUAGE_LABEL: Record<CodeLanguage, string> = {
  python: 'Python',
  node: 'JavaScript',
  perl: 'Perl',
  ruby: 'Ruby',
  php: 'PHP',
  r: 'R',
  julia: 'Julia',
};

export interface CodePatterns {
  /** Deletes a directory tree. */
  tree: RegExp;
  /** Deletes files or empty directories. */
  remove: RegExp;
  /** Signals other processes. */
  kill: RegExp;
  /** Calls that write a file; their path arguments are checked against the workspace. */
  write: RegExp;
  /** Calls that write only with a write mode (`open(p, 'w')`). */
  writeWithMode: RegExp | null;
  /** Refers to the home directory (`os.path.expanduser`, `Dir.home`). */
  home: RegExp;
  /** Runs code held in a string … */
  evaluates: RegExp;
  /** … fetched from the network. */
  fetches: RegExp;
  /** Hands a shell a command built at run time (`os.system(input())`, `system $cmd`). */
  shellDynamic: RegExp;
  /** Opens a network connection … */
  socket: RegExp;
  /** … and hands it a shell or the standard streams. */
  shell: RegExp;
}

const SH = /\/bin\/(?:ba|z|da)?sh\b|\bdup2\b|\bpty\.spawn\b/;

export const PATTERNS: Record<CodeLanguage, CodePatterns> = {
  python: {
    tree: /\b(?:shutil\.)?rmtree\b(?:\s*\()?/,
    remove: /\bos['"]?\)?\.(?:remove|unlink|rmdir|removedirs)\s*\(|\.(?:unlink|rmdir)\s*\(|\bsend2trash\b/,
    kill: /\bos\.kill(?:pg)?\s*\(|\bsignal\.pthread_kill\b|\bpsutil\b[^\n;]{0,80}\.(?:kill|terminate)\s*\(/,
    write: /\bPath\s*\((?=[^)\n]{0,300}\)\s*\.(?:write_text|write_bytes)\b)/,
    writeWithMode: /\bopen\s*\(/,
    home: /\bexpanduser\s*\(|\bPath\.home\s*\(|\benviron\b[^\n;)]{0,20}HOME|\bgetenv\s*\(\s*['"]HOME/,
    evaluates: /\b(?:exec|eval|compile)\s*\(/,
    fetches: /\burlopen\b|\burllib\b|\brequests\.get\b|\bhttp\.client\b|\burlretrieve\b/,
    shellDynamic:
      /\bos\.(?:system|popen)\s*\(\s*(?![rbuRBU]?['"])|\b(?:getoutput|getstatusoutput)\s*\(\s*(?![rbuRBU]?['"])|\(\s*(?![rbuRBU]?['"[])[^,()\n]{1,200},[^()\n]{0,200}\bshell\s*=\s*True/,
    socket: /\bsocket\b/,
    shell: SH,
  },
  node: {
    tree: /\b(?:rimraf|removeSync|emptyDirSync)\b|\b(?:rmSync|rmdirSync|rm|rmdir|remove|emptyDir)\s*\((?:[^()\n]|\([^()\n]{0,80}\)){0,300}\brecursive\s*:\s*true/,
    remove:
      /\b(?:rmSync|rmdirSync|unlinkSync|unlink)\s*\(|\b(?:fs|fsp|promises|fse)\.(?:rm|rmdir|remove)\s*\(/,
    kill: /\bprocess\.kill\s*\(/,
    write:
      /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|truncateSync|truncate|createWriteStream|copyFileSync|copyFile|cpSync|renameSync|rename|symlinkSync|outputFileSync)\s*\(/,
    writeWithMode: null,
    home: /\bhomedir\s*\(|\benv\.HOME\b|\benv\[\s*['"]HOME/,
    evaluates: /\b(?:eval|Function|runInNewContext|runInThisContext)\s*\(/,
    fetches: /\bhttps?\.get\b|\bfetch\s*\(|\baxios\b/,
    // Not `regex.exec(s)`: only child_process's exec, called bare, on require(…) or on the module.
    shellDynamic:
      /(?:(?<![\w$.])|\)\.|\b(?:child_process|cp)\.)(?:execSync|exec)\s*\(\s*(?:[A-Za-z_$][\w$.]{0,80}\s*[,)]|`[^`\n]{0,200}\$\{)/,
    socket: /\bnet\.(?:connect|createConnection|Socket)\b/,
    shell: /\bspawn\s*\(\s*['"`](?:\/bin\/)?(?:ba)?sh\b|\.pipe\s*\(\s*\w{1,30}\.stdin\b/,
  },
  perl: {
    tree: /\b(?:rmtree|remove_tree)\b(?:\s*\()?/,
    remove: /\b(?:unlink|rmdir)\b(?:\s*\()?/,
    kill: /\bkill\s*\(?\s*['"]?-?(?:\d|KILL|TERM|HUP|INT|STOP|SIG)/,
    write: /(?!)/,
    writeWithMode: /\bopen\s*\(?/,
    home: /\$ENV\{\s*['"]?HOME|<~|\bglob\s*\(?\s*['"]?~/,
    evaluates: /\beval\b/,
    fetches: /\bLWP\b|\bHTTP::Tiny\b|\bget\s*\(\s*['"]https?:/,
    shellDynamic:
      /\b(?:system|exec)\s{0,5}\(?\s{0,5}\$|`[^`\n]{0,200}\$\w|\bqx\s{0,5}[{(|/][^})|/\n]{0,200}\$\w/,
    socket: /\bsocket\b|\bIO::Socket\b/i,
    shell: /\bopen\s*\(\s*STD(?:IN|OUT|ERR)\b|\bexec\b[^;\n]{0,40}\/bin\/(?:ba)?sh/,
  },
  ruby: {
    tree: /\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree)\b(?:\s*\()?|\.rmtree\b/,
    remove:
      /\bFileUtils\.(?:rm|rm_f|remove|remove_file|rmdir)\b|\b(?:File|Dir|Pathname)\.(?:delete|unlink|rmdir)\b/,
    kill: /\bProcess\.kill\b/,
    write: /\b(?:File|IO)\.(?:write|binwrite)\s*\(?/,
    writeWithMode: /\bFile\.open\s*\(?/,
    home: /\bDir\.home\b|\bENV\[\s*['"]HOME|\bexpand_path\s*\(\s*['"]~/,
    evaluates: /\b(?:eval|instance_eval|class_eval)\b/,
    fetches: /\bopen-uri\b|\bNet::HTTP\b|\bURI\.open\b|\bopen\s*\(\s*['"]https?:/,
    shellDynamic:
      /\b(?:system|exec|spawn)(?:\s*\(\s*|\s+)[a-z_@$][\w.]{0,80}[ \t]{0,5}(?:[),\n;]|$)|`[^`\n]{0,200}#\{|%x[{(|][^})|\n]{0,200}#\{/,
    socket: /\bTCPSocket\b|\bSocket\.new\b/,
    shell: /\b(?:exec|spawn|system)\b|\/bin\/(?:ba)?sh\b/,
  },
  php: {
    tree: /(?!)/,
    remove: /\b(?:unlink|rmdir)\b(?:\s*\()?/,
    kill: /\bposix_kill\b|\bproc_terminate\b/,
    write: /\b(?:file_put_contents|copy|rename|symlink)\s*\(/,
    writeWithMode: /\bfopen\s*\(/,
    home: /\bgetenv\s*\(\s*['"]HOME|\$_(?:SERVER|ENV)\[\s*['"]HOME/,
    evaluates: /\beval\s*\(|\binclude\b|\brequire\b/,
    fetches: /\bfile_get_contents\s*\(\s*['"]https?:|\bcurl_exec\b|['"]https?:\/\//,
    shellDynamic: /\b(?:shell_exec|system|passthru|exec|popen|proc_open)\s*\(\s*\$|`[^`\n]{0,200}\$\w/,
    socket: /\bfsockopen\b|\bsocket_create\b/,
    shell: /\b(?:exec|proc_open|system|passthru|shell_exec)\b|\/bin\/(?:ba)?sh\b/,
  },
  r: {
    tree: /\bunlink\s*\((?=[^\n]{0,300}\brecursive\s*=\s*(?:TRUE|T)\b)|\b(?:fs::)?dir_delete\s*\(/,
    remove: /\b(?:unlink|file\.remove|file_delete)\s*\(/,
    kill: /\bpskill\s*\(/,
    write:
      /\b(?:writeLines|writeBin|saveRDS|write\.csv|file\.copy|file\.rename|file\.create|file\.symlink)\s*\(|\bcat\s*\((?=[^\n]{0,300}\bfile\s*=)/,
    writeWithMode: /\bfile\s*\(/,
    home: /\bpath\.expand\s*\(|\bSys\.getenv\s*\(\s*['"]HOME/,
    evaluates: /\beval\s*\(\s*(?:base::)?parse\s*\(|\bsource\s*\(/,
    fetches: /\burl\s*\(|\bdownload\.file\b|\b(?:httr|curl)::|['"]https?:\/\//,
    shellDynamic: /\b(?:system2?|shell)\s*\(\s*(?!['"])/,
    socket: /\bsocketConnection\s*\(|\bmake\.socket\s*\(/,
    shell: /\bsystem2?\s*\(|\/bin\/(?:ba)?sh\b/,
  },
  julia: {
    tree: /\brm\s*\((?=[^\n]{0,300}\brecursive\s*=\s*true\b)/,
    remove: /\brm\s*\(/,
    kill: /\bkill\s*\(/,
    write: /\b(?:cp|mv|touch|symlink)\s*\(/,
    writeWithMode: /\bopen\s*\(/,
    home: /\bhomedir\s*\(|\bENV\s*\[\s*"HOME/,
    evaluates: /\b(?:eval|include_string|include)\s*\(|\bMeta\.parse\b/,
    fetches: /\bdownload\s*\(|\bDownloads\.|\bHTTP\.(?:get|request)\b/,
    shellDynamic: /\brun\s*\(\s*(?!`)|`[^`\n]{0,200}\$/,
    socket: /\bconnect\s*\(|\bSockets\b|\blisten\s*\(/,
    shell: /\/bin\/(?:ba|z|da)?sh\b|\brun\s*\(/,
  },
};
