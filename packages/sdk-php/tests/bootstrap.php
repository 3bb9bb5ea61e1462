<?php

declare(strict_types=1);

// Tests load the SDK through its Composer-free autoloader, which the tests thereby cover too.
require __DIR__ . '/../autoload.php';

spl_autoload_register(static function (string $class): void {
    $prefixes = ['Bahi\\Tests\\' => __DIR__ . '/', 'Bahi\\Generator\\' => __DIR__ . '/../generator/'];
    foreach ($prefixes as $prefix => $directory) {
        if (str_starts_with($class, $prefix)) {
            require $directory . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        }
    }
});

// A notice or warning in the SDK is a failure, not noise.
set_error_handler(static function (int $severity, string $message, string $file, int $line): bool {
    if ((error_reporting() & $severity) === 0) {
        return false; // silenced with @ on purpose
    }
    throw new ErrorException($message, 0, $severity, $file, $line);
});
