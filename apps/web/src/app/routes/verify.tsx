// PLACEHOLDER route module: to be built by its issue.
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <title>Verificando pago</title>
      <h1 className="text-2xl font-bold">Verificando pago</h1>
    </main>
  );
}
