<?php

// Runs the README's quick start as written, twice, in a new Composer project that installs this
// package from its folder, against the server with-server.mjs started.
//
// usage: node packages/conformance/with-server.mjs [--prism] -- php packages/sdk-php/conformance/readme.php

declare(strict_types=1);

$package = dirname(__DIR__);
$readme = (string) file_get_contents("$package/README.md");
if (preg_match('/^## Quick start\n.*?^```php\n(.*?)^```$/ms', $readme, $m) !== 1) {
    fwrite(STDERR, "README.md has no ```php block under ## Quick start\n");
    exit(1);
}
$quickStart = $m[1];

$project = sys_get_temp_dir() . '/bahi-php-readme-' . getmypid();
mkdir($project);
file_put_contents("$project/quickstart.php", $quickStart);
file_put_contents("$project/composer.json", json_encode([
    'require' => ['bahi/bahi-php' => '@dev'],
    'repositories' => [
        ['type' => 'path', 'url' => $package, 'options' => ['symlink' => true]],
        ['packagist.org' => false],
    ],
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));

$run = static function (array $command, array $env = []) use ($project): array {
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $project, $env + getenv());
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    return [proc_close($process), (string) $out];
};

$failed = false;
try {
    if (trim((string) shell_exec('command -v composer')) !== '') {
        $composer = ['composer', 'install', '--no-interaction', '--no-progress', '--quiet'];
        [$code, $out] = $run($composer, ['COMPOSER_HOME' => "$project/.composer"]);
        if ($code !== 0) {
            throw new RuntimeException("composer install failed:\n$out");
        }
    } else {
        // No Composer here (ci.sh installs it): the package's own autoloader stands in for vendor/.
        echo "  (composer not found: vendor/autoload.php loads the package's autoload.php)\n";
        mkdir("$project/vendor");
        file_put_contents("$project/vendor/autoload.php", "<?php\n\nrequire '$package/autoload.php';\n");
    }
    $env = [
        'BAHI_API_KEY' => (string) getenv('BAHI_CONFORMANCE_API_KEY'),
        'BAHI_BASE_URL' => (string) getenv('BAHI_CONFORMANCE_BASE_URL'),
    ];
    // Twice: the second run meets the party and product of the first, as a reader's second try would.
    foreach (['first', 'second'] as $attempt) {
        [$code, $out] = $run([PHP_BINARY, 'quickstart.php'], $env);
        echo preg_replace('/^/m', "  | ", rtrim($out)), "\n";
        if ($code !== 0 || preg_match('/^\S+ 354 53\.99$/m', $out) !== 1) {
            throw new RuntimeException("the $attempt run did not print an invoice of 354 with IGST 53.99 (exit $code)");
        }
    }
    echo "ok   the README's quick start runs as written (twice)\n";
} catch (RuntimeException $e) {
    $failed = true;
    echo 'FAIL the README\'s quick start: ' . $e->getMessage() . "\n";
} finally {
    exec('rm -rf ' . escapeshellarg($project));
}
exit($failed ? 1 : 0);
