/**
 * The two option trees of the profile (spec section 3, option categories): business
 * application areas (0) and products of interest (1). Values are stable identifiers stored in
 * member records; texts are in the six portal languages, in the order of LANGUAGES
 * (shared/languages.ts): en, zh-tw, zh-cn, ja-jp, ko-kr, es-es.
 */

type Texts = readonly [en: string, zhTw: string, zhCn: string, ja: string, ko: string, es: string];

export interface OptionNode {
  value: string;
  text: Texts;
  children?: OptionNode[];
}

const node = (value: string, text: Texts, children?: OptionNode[]): OptionNode => ({ value, text, children });

/** Children carry their parent's value as a prefix, so a stored value names its branch. */
function branch(parent: string, text: Texts, children: Array<[string, Texts]>): OptionNode {
  return node(
    parent,
    text,
    children.map(([value, childText]) => node(`${parent}.${value}`, childText)),
  );
}

export const BUSINESS_APPLICATION_AREAS: OptionNode[] = [
  branch(
    'factory-automation',
    ['Factory Automation', '工廠自動化', '工厂自动化', 'ファクトリーオートメーション', '공장 자동화', 'Automatización de fábricas'],
    [
      [
        'machine-automation',
        ['Machine Automation', '機台自動化', '机台自动化', '機械の自動化', '기계 자동화', 'Automatización de máquinas'],
      ],
      [
        'machine-vision',
        [
          'Machine Vision & Quality Inspection',
          '機器視覺與品質檢測',
          '机器视觉与质量检测',
          'マシンビジョン・品質検査',
          '머신 비전 및 품질 검사',
          'Visión artificial e inspección de calidad',
        ],
      ],
      [
        'predictive-maintenance',
        ['Predictive Maintenance', '預測性維護', '预测性维护', '予知保全', '예지 보전', 'Mantenimiento predictivo'],
      ],
      ['warehouse-logistics', ['Warehouse & Logistics', '倉儲與物流', '仓储与物流', '倉庫・物流', '창고 및 물류', 'Almacenes y logística']],
      [
        'robotics',
        [
          'Robotics & Autonomous Mobile Robots',
          '機器人與自主移動機器人',
          '机器人与自主移动机器人',
          'ロボット・自律走行搬送ロボット',
          '로봇 및 자율주행 로봇',
          'Robótica y robots móviles autónomos',
        ],
      ],
    ],
  ),
  branch(
    'smart-city',
    ['Smart City', '智慧城市', '智慧城市', 'スマートシティ', '스마트 시티', 'Ciudad inteligente'],
    [
      [
        'traffic-management',
        [
          'Intelligent Traffic Management',
          '智慧交通管理',
          '智能交通管理',
          '高度道路交通管理',
          '지능형 교통 관리',
          'Gestión inteligente del tráfico',
        ],
      ],
      [
        'public-safety',
        [
          'Public Safety & Surveillance',
          '公共安全與監控',
          '公共安全与监控',
          '公共安全・監視',
          '공공 안전 및 감시',
          'Seguridad pública y videovigilancia',
        ],
      ],
      ['smart-buildings', ['Smart Buildings', '智慧建築', '智能建筑', 'スマートビルディング', '스마트 빌딩', 'Edificios inteligentes']],
      [
        'environmental-monitoring',
        ['Environmental Monitoring', '環境監測', '环境监测', '環境モニタリング', '환경 모니터링', 'Monitorización ambiental'],
      ],
    ],
  ),
  branch(
    'healthcare',
    ['Healthcare', '醫療照護', '医疗健康', 'ヘルスケア', '헬스케어', 'Sanidad'],
    [
      ['medical-imaging', ['Medical Imaging', '醫學影像', '医学影像', '医用画像', '의료 영상', 'Imagen médica']],
      [
        'patient-monitoring',
        ['Patient Monitoring', '病患監護', '患者监护', '患者モニタリング', '환자 모니터링', 'Monitorización de pacientes'],
      ],
      [
        'hospital-information',
        [
          'Hospital Information Systems',
          '醫院資訊系統',
          '医院信息系统',
          '病院情報システム',
          '병원 정보 시스템',
          'Sistemas de información hospitalaria',
        ],
      ],
      [
        'laboratory-automation',
        [
          'Laboratory Automation',
          '實驗室自動化',
          '实验室自动化',
          'ラボオートメーション',
          '실험실 자동화',
          'Automatización de laboratorios',
        ],
      ],
    ],
  ),
  branch(
    'transportation',
    ['Transportation', '交通運輸', '交通运输', '交通・輸送', '운송', 'Transporte'],
    [
      ['railway', ['Railway', '軌道交通', '轨道交通', '鉄道', '철도', 'Ferrocarril']],
      ['fleet-management', ['Fleet Management', '車隊管理', '车队管理', 'フリート管理', '차량 운행 관리', 'Gestión de flotas']],
      [
        'public-transit',
        [
          'Public Transit & Passenger Information',
          '大眾運輸與旅客資訊',
          '公共交通与乘客信息',
          '公共交通・旅客案内',
          '대중교통 및 승객 정보',
          'Transporte público e información al pasajero',
        ],
      ],
      ['ports-airports', ['Ports & Airports', '港口與機場', '港口与机场', '港湾・空港', '항만 및 공항', 'Puertos y aeropuertos']],
    ],
  ),
  branch(
    'energy',
    [
      'Energy & Utilities',
      '能源與公用事業',
      '能源与公用事业',
      'エネルギー・公益事業',
      '에너지 및 유틸리티',
      'Energía y servicios públicos',
    ],
    [
      [
        'smart-grid',
        [
          'Smart Grid & Substations',
          '智慧電網與變電站',
          '智能电网与变电站',
          'スマートグリッド・変電所',
          '스마트 그리드 및 변전소',
          'Redes inteligentes y subestaciones',
        ],
      ],
      [
        'renewable-energy',
        [
          'Solar & Wind Energy',
          '太陽能與風力發電',
          '太阳能与风能发电',
          '太陽光・風力発電',
          '태양광 및 풍력 에너지',
          'Energía solar y eólica',
        ],
      ],
      ['oil-gas', ['Oil & Gas', '石油與天然氣', '石油与天然气', '石油・ガス', '석유 및 가스', 'Petróleo y gas']],
      ['water-treatment', ['Water & Wastewater', '水資源與污水處理', '水务与污水处理', '上下水道', '상하수도', 'Agua y aguas residuales']],
      ['ev-charging', ['EV Charging', '電動車充電', '电动汽车充电', 'EV充電', '전기차 충전', 'Recarga de vehículos eléctricos']],
    ],
  ),
  branch(
    'retail',
    ['Retail & Hospitality', '零售與餐旅', '零售与酒店', '小売・ホスピタリティ', '소매 및 호스피탈리티', 'Comercio minorista y hostelería'],
    [
      [
        'pos-kiosks',
        [
          'POS & Self-service Kiosks',
          'POS 與自助服務機',
          'POS 与自助服务终端',
          'POS・セルフサービスキオスク',
          'POS 및 셀프서비스 키오스크',
          'TPV y quioscos de autoservicio',
        ],
      ],
      ['digital-signage', ['Digital Signage', '數位看板', '数字标牌', 'デジタルサイネージ', '디지털 사이니지', 'Señalización digital']],
      [
        'retail-analytics',
        [
          'Smart Retail Analytics',
          '智慧零售分析',
          '智慧零售分析',
          'スマートリテール分析',
          '스마트 리테일 분석',
          'Análisis para el comercio inteligente',
        ],
      ],
      ['vending', ['Vending Machines', '自動販賣機', '自动售货机', '自動販売機', '자동판매기', 'Máquinas expendedoras']],
    ],
  ),
  branch(
    'agriculture',
    ['Smart Agriculture', '智慧農業', '智慧农业', 'スマート農業', '스마트 농업', 'Agricultura inteligente'],
    [
      ['precision-farming', ['Precision Farming', '精準農業', '精准农业', '精密農業', '정밀 농업', 'Agricultura de precisión']],
      ['greenhouse-control', ['Greenhouse Control', '溫室控制', '温室控制', '温室制御', '온실 제어', 'Control de invernaderos']],
      [
        'livestock-monitoring',
        ['Livestock Monitoring', '畜牧監測', '畜牧监测', '家畜モニタリング', '가축 모니터링', 'Monitorización del ganado'],
      ],
    ],
  ),
  branch(
    'telecom',
    ['Telecom & Networking', '電信與網路', '电信与网络', '通信・ネットワーク', '통신 및 네트워킹', 'Telecomunicaciones y redes'],
    [
      [
        '5g-edge',
        [
          '5G Infrastructure & Multi-access Edge Computing',
          '5G 基礎建設與多接取邊緣運算',
          '5G 基础设施与多接入边缘计算',
          '5Gインフラ・マルチアクセスエッジコンピューティング',
          '5G 인프라 및 멀티액세스 엣지 컴퓨팅',
          'Infraestructura 5G y computación en el borde multiacceso',
        ],
      ],
      [
        'network-security',
        [
          'Network Security Appliances',
          '網路安全設備',
          '网络安全设备',
          'ネットワークセキュリティアプライアンス',
          '네트워크 보안 장비',
          'Dispositivos de seguridad de red',
        ],
      ],
      [
        'sd-wan',
        [
          'SD-WAN & Universal CPE',
          'SD-WAN 與通用客戶端設備',
          'SD-WAN 与通用客户端设备',
          'SD-WAN・汎用CPE',
          'SD-WAN 및 범용 CPE',
          'SD-WAN y CPE universal',
        ],
      ],
    ],
  ),
  node('other', ['Other', '其他', '其他', 'その他', '기타', 'Otros']),
];

export const PRODUCTS_OF_INTEREST: OptionNode[] = [
  branch(
    'embedded-boards',
    [
      'Embedded Boards & Modules',
      '嵌入式板卡與模組',
      '嵌入式板卡与模块',
      '組込みボード・モジュール',
      '임베디드 보드 및 모듈',
      'Placas y módulos embebidos',
    ],
    [
      [
        'computer-on-modules',
        [
          'Computer-on-Modules (COM Express, SMARC, Qseven)',
          '核心模組 (COM Express、SMARC、Qseven)',
          '核心模块 (COM Express、SMARC、Qseven)',
          'コンピュータオンモジュール (COM Express、SMARC、Qseven)',
          '컴퓨터 온 모듈 (COM Express, SMARC, Qseven)',
          'Módulos de computación (COM Express, SMARC, Qseven)',
        ],
      ],
      [
        'single-board-computers',
        [
          'Single Board Computers',
          '單板電腦',
          '单板计算机',
          'シングルボードコンピュータ',
          '싱글 보드 컴퓨터',
          'Ordenadores de placa única',
        ],
      ],
      [
        'industrial-motherboards',
        ['Industrial Motherboards', '工業級主機板', '工业主板', '産業用マザーボード', '산업용 메인보드', 'Placas base industriales'],
      ],
      [
        'arm-platforms',
        [
          'Arm & RISC Platforms',
          'Arm 與 RISC 平台',
          'Arm 与 RISC 平台',
          'Arm・RISCプラットフォーム',
          'Arm 및 RISC 플랫폼',
          'Plataformas Arm y RISC',
        ],
      ],
    ],
  ),
  branch(
    'embedded-systems',
    ['Embedded Systems', '嵌入式系統', '嵌入式系统', '組込みシステム', '임베디드 시스템', 'Sistemas embebidos'],
    [
      [
        'fanless-box-pcs',
        [
          'Fanless Box PCs',
          '無風扇嵌入式電腦',
          '无风扇嵌入式计算机',
          'ファンレスボックスPC',
          '팬리스 박스 PC',
          'PC compactos sin ventilador',
        ],
      ],
      [
        'in-vehicle-computers',
        ['In-Vehicle Computers', '車載電腦', '车载计算机', '車載コンピュータ', '차량용 컴퓨터', 'Ordenadores para vehículos'],
      ],
      ['rugged-systems', ['Rugged Systems', '強固型系統', '加固型系统', '堅牢型システム', '러기드 시스템', 'Sistemas robustos']],
    ],
  ),
  branch(
    'industrial-pcs',
    [
      'Industrial PCs & Servers',
      '工業電腦與伺服器',
      '工业计算机与服务器',
      '産業用PC・サーバー',
      '산업용 PC 및 서버',
      'PC y servidores industriales',
    ],
    [
      [
        'rackmount-pcs',
        [
          'Rackmount Industrial PCs',
          '機架式工業電腦',
          '机架式工业计算机',
          'ラックマウント型産業用PC',
          '랙마운트 산업용 PC',
          'PC industriales para rack',
        ],
      ],
      [
        'wallmount-pcs',
        [
          'Wall-mount Industrial PCs',
          '壁掛式工業電腦',
          '壁挂式工业计算机',
          '壁掛け型産業用PC',
          '벽걸이형 산업용 PC',
          'PC industriales de montaje en pared',
        ],
      ],
      [
        'industrial-servers',
        ['Industrial Servers', '工業級伺服器', '工业服务器', '産業用サーバー', '산업용 서버', 'Servidores industriales'],
      ],
      [
        'industrial-workstations',
        [
          'Industrial Workstations',
          '工業級工作站',
          '工业工作站',
          '産業用ワークステーション',
          '산업용 워크스테이션',
          'Estaciones de trabajo industriales',
        ],
      ],
    ],
  ),
  branch(
    'iot-gateways',
    [
      'IoT Gateways & Edge Devices',
      '物聯網閘道器與邊緣裝置',
      '物联网网关与边缘设备',
      'IoTゲートウェイ・エッジデバイス',
      'IoT 게이트웨이 및 엣지 디바이스',
      'Gateways IoT y dispositivos de borde',
    ],
    [
      ['edge-gateways', ['Edge Gateways', '邊緣閘道器', '边缘网关', 'エッジゲートウェイ', '엣지 게이트웨이', 'Gateways de borde']],
      [
        'wireless-io',
        [
          'Wireless I/O Modules',
          '無線 I/O 模組',
          '无线 I/O 模块',
          'ワイヤレスI/Oモジュール',
          '무선 I/O 모듈',
          'Módulos de E/S inalámbricos',
        ],
      ],
      ['sensor-nodes', ['Sensor Nodes', '感測節點', '传感节点', 'センサーノード', '센서 노드', 'Nodos sensores']],
      [
        'lpwan-devices',
        [
          'LoRaWAN & NB-IoT Devices',
          'LoRaWAN 與 NB-IoT 裝置',
          'LoRaWAN 与 NB-IoT 设备',
          'LoRaWAN・NB-IoTデバイス',
          'LoRaWAN 및 NB-IoT 디바이스',
          'Dispositivos LoRaWAN y NB-IoT',
        ],
      ],
    ],
  ),
  branch(
    'edge-ai',
    ['Edge AI', '邊緣 AI', '边缘 AI', 'エッジAI', '엣지 AI', 'IA en el borde'],
    [
      [
        'inference-systems',
        ['AI Inference Systems', 'AI 推論系統', 'AI 推理系统', 'AI推論システム', 'AI 추론 시스템', 'Sistemas de inferencia de IA'],
      ],
      [
        'accelerator-cards',
        [
          'GPU & VPU Accelerator Cards',
          'GPU 與 VPU 加速卡',
          'GPU 与 VPU 加速卡',
          'GPU・VPUアクセラレータカード',
          'GPU 및 VPU 가속 카드',
          'Tarjetas aceleradoras GPU y VPU',
        ],
      ],
      [
        'vision-cameras',
        [
          'Machine Vision Cameras',
          '機器視覺相機',
          '机器视觉相机',
          'マシンビジョンカメラ',
          '머신 비전 카메라',
          'Cámaras de visión artificial',
        ],
      ],
      [
        'video-analytics',
        [
          'Video Analytics Platforms',
          '影像分析平台',
          '视频分析平台',
          '映像解析プラットフォーム',
          '영상 분석 플랫폼',
          'Plataformas de análisis de vídeo',
        ],
      ],
    ],
  ),
  branch(
    'networking',
    ['Industrial Networking', '工業網路通訊', '工业网络通信', '産業用ネットワーク', '산업용 네트워킹', 'Redes industriales'],
    [
      [
        'managed-switches',
        [
          'Managed Ethernet Switches',
          '網管型乙太網路交換器',
          '网管型以太网交换机',
          'マネージドイーサネットスイッチ',
          '관리형 이더넷 스위치',
          'Switches Ethernet gestionables',
        ],
      ],
      [
        'unmanaged-switches',
        [
          'Unmanaged Ethernet Switches',
          '非網管型乙太網路交換器',
          '非网管型以太网交换机',
          'アンマネージドイーサネットスイッチ',
          '비관리형 이더넷 스위치',
          'Switches Ethernet no gestionables',
        ],
      ],
      [
        'cellular-routers',
        [
          '4G/5G Cellular Routers',
          '4G/5G 行動網路路由器',
          '4G/5G 蜂窝路由器',
          '4G/5Gセルラールーター',
          '4G/5G 셀룰러 라우터',
          'Routers celulares 4G/5G',
        ],
      ],
      [
        'serial-device-servers',
        [
          'Serial Device Servers',
          '串列設備伺服器',
          '串口设备服务器',
          'シリアルデバイスサーバー',
          '시리얼 디바이스 서버',
          'Servidores de dispositivos serie',
        ],
      ],
      [
        'protocol-gateways',
        [
          'Protocol Gateways (Modbus, PROFINET, EtherNet/IP)',
          '通訊協定閘道器 (Modbus、PROFINET、EtherNet/IP)',
          '协议网关 (Modbus、PROFINET、EtherNet/IP)',
          'プロトコルゲートウェイ (Modbus、PROFINET、EtherNet/IP)',
          '프로토콜 게이트웨이 (Modbus, PROFINET, EtherNet/IP)',
          'Pasarelas de protocolo (Modbus, PROFINET, EtherNet/IP)',
        ],
      ],
    ],
  ),
  branch(
    'displays',
    [
      'Industrial Displays & Panel PCs',
      '工業顯示器與平板電腦',
      '工业显示器与平板电脑',
      '産業用ディスプレイ・パネルPC',
      '산업용 디스플레이 및 패널 PC',
      'Pantallas industriales y panel PC',
    ],
    [
      ['panel-pcs', ['Touch Panel PCs', '觸控平板電腦', '触控平板电脑', 'タッチパネルPC', '터치 패널 PC', 'Panel PC táctiles']],
      [
        'industrial-monitors',
        ['Industrial Monitors', '工業級顯示器', '工业显示器', '産業用モニター', '산업용 모니터', 'Monitores industriales'],
      ],
      [
        'hmi-terminals',
        ['HMI Operator Terminals', 'HMI 人機介面終端', 'HMI 人机界面终端', 'HMI操作端末', 'HMI 운영 단말기', 'Terminales de operador HMI'],
      ],
      [
        'open-frame-displays',
        [
          'Open-frame Displays',
          '開放式框架顯示器',
          '开放式框架显示器',
          'オープンフレームディスプレイ',
          '오픈 프레임 디스플레이',
          'Pantallas de marco abierto',
        ],
      ],
    ],
  ),
  branch(
    'automation',
    ['Industrial Automation', '工業自動化', '工业自动化', '産業オートメーション', '산업 자동화', 'Automatización industrial'],
    [
      [
        'remote-io',
        ['Remote I/O Modules', '遠端 I/O 模組', '远程 I/O 模块', 'リモートI/Oモジュール', '원격 I/O 모듈', 'Módulos de E/S remotos'],
      ],
      [
        'data-acquisition',
        [
          'Data Acquisition (DAQ) Cards',
          '資料擷取 (DAQ) 卡',
          '数据采集 (DAQ) 卡',
          'データ収集 (DAQ) カード',
          '데이터 수집 (DAQ) 카드',
          'Tarjetas de adquisición de datos (DAQ)',
        ],
      ],
      ['motion-control', ['Motion Control', '運動控制', '运动控制', 'モーションコントロール', '모션 제어', 'Control de movimiento']],
      [
        'automation-controllers',
        [
          'Programmable Automation Controllers',
          '可程式自動化控制器',
          '可编程自动化控制器',
          'プログラマブルオートメーションコントローラ',
          '프로그래머블 자동화 컨트롤러',
          'Controladores de automatización programables',
        ],
      ],
    ],
  ),
  branch(
    'software',
    ['Software & Services', '軟體與服務', '软件与服务', 'ソフトウェア・サービス', '소프트웨어 및 서비스', 'Software y servicios'],
    [
      [
        'device-management',
        [
          'Remote Device Management',
          '遠端設備管理',
          '远程设备管理',
          'リモートデバイス管理',
          '원격 디바이스 관리',
          'Gestión remota de dispositivos',
        ],
      ],
      [
        'iot-platform',
        [
          'IoT Platform & Dashboards',
          '物聯網平台與儀表板',
          '物联网平台与仪表板',
          'IoTプラットフォーム・ダッシュボード',
          'IoT 플랫폼 및 대시보드',
          'Plataforma IoT y paneles de control',
        ],
      ],
      [
        'edge-ai-sdk',
        [
          'Edge AI Software Development Kits',
          '邊緣 AI 軟體開發套件',
          '边缘 AI 软件开发工具包',
          'エッジAIソフトウェア開発キット',
          '엣지 AI 소프트웨어 개발 키트',
          'Kits de desarrollo de software de IA en el borde',
        ],
      ],
      [
        'bsp-os',
        [
          'Board Support Packages & Operating Systems',
          '板級支援套件與作業系統',
          '板级支持包与操作系统',
          'ボードサポートパッケージ・OS',
          '보드 지원 패키지 및 운영 체제',
          'Paquetes de soporte de placa y sistemas operativos',
        ],
      ],
      [
        'design-services',
        [
          'Design & Manufacturing Services',
          '設計與製造服務',
          '设计与制造服务',
          '設計・製造受託サービス',
          '설계 및 제조 서비스',
          'Servicios de diseño y fabricación',
        ],
      ],
    ],
  ),
];
