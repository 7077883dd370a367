// Text of /about (docs/product.md → Routes): description, history, mission, vision, values, strategic objectives.
import { site } from '../../../config/site';

export const about = {
  title: 'Sobre nosotros',
  description: `Quiénes somos: historia, misión, visión, valores y objetivos estratégicos de la ${site.name}.`,
  lead: `La ${site.name} reúne a anestesiólogos, intensivistas, cirujanos, perfusionistas y profesionales de enfermería dedicados a la atención del paciente con enfermedad cardiovascular.`,
  description_paragraphs: [
    'Somos una asociación civil sin fines de lucro que promueve la educación médica continua, la investigación y el intercambio de experiencias en anestesia cardiovascular, cuidados perioperatorios y medicina crítica cardiovascular.',
    'Organizamos cursos, congresos, talleres prácticos, paneles de expertos y sesiones de casos clínicos, en modalidad presencial, virtual e híbrida, para que los profesionales de todo el país puedan actualizarse sin importar dónde trabajen.',
  ],
  history: [
    'La asociación nació de la iniciativa de un grupo de anestesiólogos cardiovasculares que compartían una misma preocupación: la formación en el cuidado anestésico del paciente cardiópata dependía, en gran medida, de los pocos centros de alta especialidad del país.',
    'Lo que comenzó como sesiones académicas entre colegas se convirtió en un programa formal de educación continua, con cursos anuales, talleres de simulación y la participación de especialistas de distintas instituciones.',
    'Hoy, con la transmisión en vivo de nuestras actividades, llevamos la misma calidad académica a médicos, residentes y profesionales de enfermería de cualquier región, y mantenemos los encuentros presenciales para la práctica que no se puede aprender a distancia.',
  ],
  mission:
    'Elevar la calidad y la seguridad de la atención del paciente cardiópata mediante educación médica continua de excelencia, basada en la evidencia y accesible para los profesionales de la salud de todo México.',
  vision:
    'Ser la referencia nacional en formación y actualización en anestesia cardiovascular y cuidado perioperatorio del paciente cardiópata, reconocida por su rigor académico, su ética y su contribución a mejores resultados clínicos.',
  values: [
    { name: 'Excelencia académica', text: 'Contenidos rigurosos, actualizados y basados en la mejor evidencia disponible.' },
    { name: 'Seguridad del paciente', text: 'Cada actividad tiene como fin último una atención más segura.' },
    { name: 'Ética y profesionalismo', text: 'Actuamos con integridad, transparencia y respeto a la práctica médica.' },
    { name: 'Trabajo en equipo', text: 'El paciente cardiópata se atiende entre disciplinas; así también enseñamos.' },
    { name: 'Accesibilidad', text: 'Formación al alcance de todas las regiones, con cuotas preferentes y becas.' },
    { name: 'Mejora continua', text: 'Escuchamos a los participantes y evaluamos cada evento para mejorar el siguiente.' },
  ],
  objectives: [
    'Ofrecer cada año un programa de educación continua que cubra las áreas centrales de la anestesia cardiovascular: evaluación preoperatoria, monitoreo, circulación extracorpórea, cardiopatías congénitas y cuidados posoperatorios.',
    'Fortalecer la formación práctica con talleres y simulación en grupos reducidos.',
    'Ampliar el alcance de nuestras actividades mediante transmisiones en vivo de calidad.',
    'Apoyar a residentes, profesionales de enfermería y estudiantes con cuotas preferentes y becas.',
    'Fomentar la colaboración entre instituciones y la difusión de experiencias clínicas del país.',
    'Promover la investigación y la publicación de casos y protocolos de atención.',
  ],
} as const;
