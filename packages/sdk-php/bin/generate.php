<?php

// Regenerates the SDK's models, services, client, operation table and code samples from the bundled
// contract (packages/contract/generated/openapi.json).
//
// usage: php bin/generate.php           writes the files
//        php bin/generate.php --check   writes nothing; fails when a file differs or should not exist

declare(strict_types=1);

// A warning while generating is a bug in the generator, not something to write into the SDK.
set_error_handler(static function (int $severity, string $message, string $file, int $line): never {
    throw new ErrorException($message, 0, $severity, $file, $line);
});

require __DIR__ . '/../autoload.php';
spl_autoload_register(static function (string $class): void {
    $prefix = 'Bahi\\Generator\\';
    if (str_starts_with($class, $prefix)) {
        require __DIR__ . '/../generator/' . substr($class, strlen($prefix)) . '.php';
    }
});

use Bahi\Generator\Generator;
use Bahi\Generator\Spec;

$root = dirname(__DIR__, 3);
$check = in_array('--check', array_slice($argv, 1), true);
$files = (new Generator(new Spec("$root/packages/contract/generated/openapi.json")))->files();

$stale = [];
foreach ($files as $path => $contents) {
    $current = is_file("$root/$path") ? file_get_contents("$root/$path") : null;
    if ($current === $contents) {
        continue;
    }
    $stale[] = ($current === null ? 'missing: ' : 'differs: ') . $path;
    if (!$check) {
        if (!is_dir(dirname("$root/$path"))) {
            mkdir(dirname("$root/$path"), 0777, true);
        }
        file_put_contents("$root/$path", $contents);
    }
}
foreach (Generator::ownedDirectories() as $directory) {
    foreach (glob("$root/$directory/*.php") ?: [] as $file) {
        $path = substr($file, strlen($root) + 1);
        if (!isset($files[$path])) {
            $stale[] = "not generated any more: $path";
            if (!$check) {
                unlink($file);
            }
        }
    }
}

if ($check) {
    if ($stale !== []) {
        fwrite(STDERR, implode("\n", $stale) . "\n");
        fwrite(STDERR, "The generated SDK is stale: run `php packages/sdk-php/bin/generate.php`, commit the result.\n");
        exit(1);
    }
    echo count($files) . " generated files are up to date\n";
} else {
    echo count($files) . ' files generated, ' . count($stale) . " changed\n";
}
